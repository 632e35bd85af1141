package io.orrery.transport.record.mcap;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads an MCAP file: its summary when it ends in a Footer that names one, otherwise (a killed writer's file, or one
 * written without a summary) a scan of its data section up to the last complete record. Messages come in log-time
 * order through {@link #messages}; attachments and metadata through their indexes; CRCs are checked as each part is
 * read (the summary's on open, a chunk's when it is decompressed, an attachment's when it is read), and
 * {@link #verify} checks the whole file. Every size read from the file is bounded by {@link McapLimits}.
 *
 * <p>Not thread-safe: one reader, one thread.
 */
public final class McapReader implements Closeable {

    private final Source source;
    private final McapLimits limits;
    private final McapHeader header;
    private final long headerEnd;
    private final FileIndex index;
    private final ChunkDecoder decoder;

    private McapReader(Source source, McapLimits limits) throws IOException {
        this.source = source;
        this.limits = limits;
        this.decoder = new ChunkDecoder(limits);
        if (source.size() < Mcap.MAGIC.length
                || !Arrays.equals(source.bytes(0, Mcap.MAGIC.length, "the magic"), Mcap.MAGIC)) {
            throw new McapFormatException(0, "not an MCAP file: it does not begin with the MCAP magic");
        }
        McapHeader[] h = {null};
        DataWalker.End end = new DataWalker(source, limits)
                .walk(Mcap.MAGIC.length, source.size(), null, (opcode, offset, content) -> {
                    if (opcode != Mcap.HEADER) {
                        throw new McapFormatException(
                                offset, "the file begins with " + Mcap.aRecord(opcode) + ", not a Header");
                    }
                    h[0] = RecordDecoder.header(content);
                    return false;
                });
        if (h[0] == null) {
            throw new McapFormatException(end.offset(), "the file ends before its Header record does");
        }
        this.header = h[0];
        this.headerEnd = end.offset();
        FileIndex summary = new SummaryLoader(source, limits).load(headerEnd);
        boolean indexed = summary != null
                && (!summary.chunks.isEmpty()
                        || (summary.statistics != null && summary.statistics.messageCount() == 0));
        this.index = indexed ? summary : new DataScanner(source, limits).scan(headerEnd);
    }

    /** Opens {@code file} with the default limits. */
    public static McapReader open(Path file) throws IOException {
        return open(file, McapLimits.defaults());
    }

    public static McapReader open(Path file, McapLimits limits) throws IOException {
        Source source = Source.of(file);
        try {
            return new McapReader(source, limits);
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /** Reads a file held in memory. */
    public static McapReader of(byte[] file, McapLimits limits) throws IOException {
        return new McapReader(Source.of(file), limits);
    }

    public McapHeader header() {
        return header;
    }

    /** Whether the file was read through its summary; false when it was scanned. */
    public boolean hasSummary() {
        return index.fromSummary;
    }

    /**
     * Where the file ends inside a record, as a killed writer leaves it: everything before this offset was read, the
     * partial record from here on was not. Empty for a file whose data section is whole.
     */
    public OptionalLong truncatedAt() {
        return index.truncatedAt < 0 ? OptionalLong.empty() : OptionalLong.of(index.truncatedAt);
    }

    /** Schemas by id. */
    public Map<Integer, McapSchema> schemas() {
        return Collections.unmodifiableMap(index.schemas);
    }

    /** Channels by id. */
    public Map<Integer, McapChannel> channels() {
        return Collections.unmodifiableMap(index.channels);
    }

    /** The summary's Statistics, or the counts a scan made; null for a summary without Statistics. */
    public McapStatistics statistics() {
        return index.statistics;
    }

    /** Every message, in log-time order. */
    public McapMessageCursor messages() {
        return new McapMessageCursor(source, limits, index, null, decoder, 0);
    }

    /** The messages on these channels, in log-time order. */
    public McapMessageCursor messages(Set<Integer> channelIds) {
        return messages(channelIds, 0);
    }

    /**
     * The messages on these channels logged at or after {@code fromLogTime} (unsigned), in log-time order: the chunks
     * that end before it are not read (a seek).
     */
    public McapMessageCursor messages(Set<Integer> channelIds, long fromLogTime) {
        return new McapMessageCursor(source, limits, index, Set.copyOf(channelIds), decoder, fromLogTime);
    }

    /** What the reader learned on open (for tests). */
    FileIndex index() {
        return index;
    }

    /** The chunks' places, in file order (for tests that cut or damage a file at a chunk). */
    List<ChunkIndex> chunkIndexes() {
        List<ChunkIndex> chunks = new ArrayList<>(index.chunks);
        chunks.sort(Comparator.comparingLong(ChunkIndex::chunkStartOffset));
        return chunks;
    }

    /** The attachments, in file order, without their content. */
    public List<McapAttachmentIndex> attachments() {
        return Collections.unmodifiableList(index.attachments);
    }

    /** Reads one attachment and checks its CRC. */
    public McapAttachment attachment(McapAttachmentIndex attachment) throws IOException {
        return RecordDecoder.attachment(
                record(attachment.offset(), Mcap.ATTACHMENT, "attachment " + attachment.name()));
    }

    /** Every metadata record, in file order. */
    public List<McapMetadata> metadata() throws IOException {
        List<McapMetadata> all = new ArrayList<>();
        for (MetadataIndex m : index.metadata) {
            all.add(RecordDecoder.metadata(record(m.offset(), Mcap.METADATA, "metadata " + m.name())));
        }
        return all;
    }

    /**
     * Checks the whole file: the data section's CRC32 against the DataEnd record, every chunk's CRC, every Message
     * Index record against its chunk's messages, every Chunk Index against its chunk, and the Statistics against the
     * counts. Throws at the first difference.
     */
    public void verify() throws IOException {
        new McapVerifier(source, limits, index).verify();
    }

    /** The content of the record at {@code offset}, which must be of {@code opcode}. */
    private RecordCursor record(long offset, int opcode, String what) throws IOException {
        byte[] prefix = source.bytes(offset, Mcap.RECORD_PREFIX, what);
        RecordCursor p = new RecordCursor(prefix, 0, prefix.length, offset);
        int found = p.u8("an opcode");
        if (found != opcode) {
            throw new McapFormatException(
                    offset,
                    "an index names " + Mcap.aRecord(opcode) + " for " + what + " here, and " + Mcap.aRecord(found)
                            + " is here");
        }
        long length = p.u64("a record's length");
        new DataWalker(source, limits).checkLength(opcode, length, offset);
        byte[] content = source.bytes(offset + Mcap.RECORD_PREFIX, length, what);
        return new RecordCursor(content, 0, content.length, offset + Mcap.RECORD_PREFIX);
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
