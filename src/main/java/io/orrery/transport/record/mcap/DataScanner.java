package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Learns a file from its data section when it has no summary, as a killed writer leaves it: reads every record from
 * the Header on, decompresses and checks every chunk (the schemas and channels are inside them), checks every
 * attachment's CRC, and stops at the DataEnd record, the Footer, or the first record the file ends inside of. The
 * statistics are counted on the way.
 */
final class DataScanner {

    private final Source source;
    private final McapLimits limits;
    private final ChunkDecoder decoder;
    private final FileIndex index = new FileIndex();
    private final Map<Integer, Long> counts = new TreeMap<>();
    private long messages;
    private long startTime;
    private long endTime;

    DataScanner(Source source, McapLimits limits) {
        this.source = source;
        this.limits = limits;
        this.decoder = new ChunkDecoder(limits);
    }

    FileIndex scan(long headerEnd) throws IOException {
        DataWalker.End end = new DataWalker(source, limits).walk(headerEnd, source.size(), null, this::record);
        if (end.truncated()) {
            index.truncatedAt = end.offset();
        }
        index.statistics = new McapStatistics(
                messages,
                index.schemas.size(),
                index.channels.size(),
                index.attachments.size(),
                index.metadata.size(),
                index.chunks.size(),
                startTime,
                endTime,
                counts);
        return index;
    }

    private boolean record(int opcode, long offset, RecordCursor c) throws IOException {
        switch (opcode) {
            case Mcap.SCHEMA -> index.add(RecordDecoder.schema(c), offset);
            case Mcap.CHANNEL -> index.add(RecordDecoder.channel(c), offset);
            case Mcap.MESSAGE ->
                throw new McapFormatException(
                        offset, "a Message record outside a chunk: Orrery reads chunked files only");
            case Mcap.CHUNK -> chunk(offset, c);
            case Mcap.ATTACHMENT -> {
                McapAttachment a = RecordDecoder.attachment(c);
                index.attachments.add(new McapAttachmentIndex(
                        offset,
                        Mcap.RECORD_PREFIX + (long) c.array().length,
                        a.logTime(),
                        a.createTime(),
                        a.data().length,
                        a.name(),
                        a.mediaType()));
            }
            case Mcap.METADATA -> {
                McapMetadata m = RecordDecoder.metadata(c);
                index.metadata.add(new MetadataIndex(offset, Mcap.RECORD_PREFIX + (long) c.array().length, m.name()));
            }
            case Mcap.DATA_END -> {
                index.dataEndOffset = offset;
                index.dataSectionCrc = RecordDecoder.dataEnd(c);
                return false;
            }
            case Mcap.FOOTER -> {
                return false;
            }
            case Mcap.HEADER -> throw new McapFormatException(offset, "a second Header record");
            default -> {} // message indexes (a scan reads the chunks themselves), newer and private records
        }
        return true;
    }

    /** Decodes a chunk, learns its schemas and channels, and indexes it with the times its messages really have. */
    private void chunk(long offset, RecordCursor content) throws IOException {
        int length = content.remaining();
        ChunkDecoder.Chunk chunk = decoder.decode(content, offset);
        long[] span = {0, 0, 0}; // messages, start, end
        ChunkDecoder.forEachRecord(chunk, (opcode, at, c) -> {
            switch (opcode) {
                case Mcap.SCHEMA -> index.add(RecordDecoder.schema(c), at);
                case Mcap.CHANNEL -> index.add(RecordDecoder.channel(c), at);
                case Mcap.MESSAGE -> {
                    long[] key = RecordDecoder.messageKey(c);
                    int channel = (int) key[0];
                    if (!index.channels.containsKey(channel)) {
                        throw new McapFormatException(
                                at, "a message on channel " + channel + ", which no earlier Channel record defines");
                    }
                    long time = key[1];
                    if (span[0] == 0 || Long.compareUnsigned(time, span[1]) < 0) {
                        span[1] = time;
                    }
                    if (span[0] == 0 || Long.compareUnsigned(time, span[2]) > 0) {
                        span[2] = time;
                    }
                    span[0]++;
                    counts.merge(channel, 1L, Long::sum);
                }
                default -> {}
            }
        });
        if (span[0] > 0) {
            if (messages == 0 || Long.compareUnsigned(span[1], startTime) < 0) {
                startTime = span[1];
            }
            if (messages == 0 || Long.compareUnsigned(span[2], endTime) > 0) {
                endTime = span[2];
            }
            messages += span[0];
        }
        RecordDecoder.ChunkHeader h = chunk.header();
        index.chunks.add(new ChunkIndex(
                span[1],
                span[2],
                offset,
                Mcap.RECORD_PREFIX + (long) length,
                Map.of(),
                0,
                h.compression(),
                h.recordsLength(),
                h.uncompressedSize()));
    }
}
