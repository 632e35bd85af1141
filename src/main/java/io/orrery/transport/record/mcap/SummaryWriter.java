package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Writes the summary section after the DataEnd record: copies of every Schema and Channel record, the Statistics,
 * the Chunk, Attachment and Metadata Index records, each kind in one group; then a Summary Offset record per group,
 * the Footer with the CRC32 of all of it, and the closing magic.
 */
final class SummaryWriter {

    private final PositionedOutput out;
    private final RecordBuffer scratch;
    private final List<long[]> groups = new ArrayList<>();

    SummaryWriter(PositionedOutput out, RecordBuffer scratch) {
        this.out = out;
        this.scratch = scratch;
    }

    void write(
            Collection<McapSchema> schemas,
            Collection<McapChannel> channels,
            McapStatistics statistics,
            Collection<ChunkIndex> chunks,
            Collection<McapAttachmentIndex> attachments,
            Collection<MetadataIndex> metadata)
            throws IOException {
        long summaryStart = out.position();
        out.restartCrc();
        group(Mcap.SCHEMA, schemas, RecordEncoder::schema);
        group(Mcap.CHANNEL, channels, RecordEncoder::channel);
        group(Mcap.STATISTICS, List.of(statistics), RecordEncoder::statistics);
        group(Mcap.CHUNK_INDEX, chunks, RecordEncoder::chunkIndex);
        group(Mcap.ATTACHMENT_INDEX, attachments, RecordEncoder::attachmentIndex);
        group(Mcap.METADATA_INDEX, metadata, RecordEncoder::metadataIndex);
        long summaryOffsetStart = out.position();
        scratch.reset();
        for (long[] g : groups) {
            RecordEncoder.summaryOffset(scratch, (int) g[0], g[1], g[2]);
        }
        RecordEncoder.footerPrefix(scratch, summaryOffsetStart > summaryStart ? summaryStart : 0, summaryOffsetStart);
        out.write(scratch);
        scratch.reset().u32(out.crc()).raw(Mcap.MAGIC, 0, Mcap.MAGIC.length);
        out.write(scratch);
    }

    private <T> void group(int opcode, Collection<T> records, BiConsumer<RecordBuffer, T> encoder) throws IOException {
        if (records.isEmpty()) {
            return;
        }
        long start = out.position();
        for (T r : records) {
            encoder.accept(scratch.reset(), r);
            out.write(scratch);
        }
        groups.add(new long[] {opcode, start, out.position() - start});
    }
}
