package io.orrery.transport.record.mcap;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Writes an MCAP file: the magic and Header, then chunks of Schema, Channel and Message records (compressed as the
 * options say, each followed by its Message Index records), Attachment and Metadata records between chunks, and on
 * {@link #close} the DataEnd record with the data section's CRC32, the summary (Schema, Channel, Statistics, Chunk
 * Index, Attachment Index, Metadata Index records, grouped by opcode), Summary Offset records, the Footer and the
 * closing magic.
 *
 * <p>Crash safety: a chunk, its indexes, an attachment or a metadata record is handed to the operating system whole
 * as soon as it is complete (a chunk once its records reach the chunk size, or on {@link #flush}), so a process
 * killed at any moment leaves a file whose complete chunks a streaming reader reads; only the chunk being filled, at
 * most the chunk size of records, is lost. The file is not forced to the disk: a power loss can lose what the
 * operating system had not yet written.
 *
 * <p>Its methods are synchronized: a recorder may hand it messages from several threads.
 */
public final class McapWriter implements Closeable {

    private final PositionedOutput out;
    private final McapWriterOptions options;
    private final ChunkCodec codec = new ChunkCodec();
    private final ChunkBuilder chunk;
    private final RecordBuffer scratch = new RecordBuffer(4096);
    private final Map<Integer, McapSchema> schemas = new LinkedHashMap<>();
    private final Map<Integer, McapChannel> channels = new LinkedHashMap<>();
    private final Map<Integer, Long> channelMessageCounts = new TreeMap<>();
    private final List<ChunkIndex> chunkIndexes = new ArrayList<>();
    private final List<McapAttachmentIndex> attachmentIndexes = new ArrayList<>();
    private final List<MetadataIndex> metadataIndexes = new ArrayList<>();
    private long messageCount;
    private long messageStartTime;
    private long messageEndTime;
    private boolean closed;

    /** Writes the magic and the Header to {@code out}, which the writer owns from now on and closes. */
    public McapWriter(OutputStream out, McapWriterOptions options) throws IOException {
        this.out = new PositionedOutput(out);
        this.options = options;
        this.chunk = new ChunkBuilder(options.chunkSize());
        this.out.write(Mcap.MAGIC, 0, Mcap.MAGIC.length);
        RecordEncoder.header(scratch.reset(), new McapHeader(options.profile(), options.library()));
        this.out.write(scratch);
        this.out.flush();
    }

    /** Creates (or replaces) {@code file} and writes its magic and Header. */
    public static McapWriter create(Path file, McapWriterOptions options) throws IOException {
        OutputStream stream = Files.newOutputStream(file);
        try {
            return new McapWriter(new BufferedOutputStream(stream, 1 << 16), options);
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    /** Adds a schema; returns its id (1, 2, ...), which channels name. */
    public synchronized int addSchema(String name, String encoding, byte[] data) throws IOException {
        checkOpen();
        int id = schemas.size() + 1;
        if (id > 0xFFFF) {
            throw new IllegalStateException("an MCAP file holds at most 65535 schemas");
        }
        McapSchema schema = new McapSchema(id, name, encoding, data);
        checkRecord("schema " + name, 2 + 12L + utf8(name) + utf8(encoding) + data.length);
        schemas.put(id, schema);
        beforeRecord(schemaSize(schema));
        chunk.schema(schema);
        return id;
    }

    /** Adds a channel on {@code schemaId} (0 for none); returns its id (0, 1, ...), which messages name. */
    public synchronized int addChannel(int schemaId, String topic, String messageEncoding, Map<String, String> metadata)
            throws IOException {
        checkOpen();
        if (schemaId != 0 && !schemas.containsKey(schemaId)) {
            throw new IllegalArgumentException("no schema " + schemaId + " was added (topic " + topic + ")");
        }
        int id = channels.size();
        if (id > 0xFFFF) {
            throw new IllegalStateException("an MCAP file holds at most 65536 channels");
        }
        McapChannel channel = new McapChannel(id, schemaId, topic, messageEncoding, metadata);
        long size = channelSize(channel);
        checkRecord("channel " + topic, size);
        channels.put(id, channel);
        channelMessageCounts.put(id, 0L);
        beforeRecord(size);
        chunk.channel(channel);
        return id;
    }

    /**
     * Adds a message; the chunk it lands in is written once full.
     *
     * @param sequence 0 to 2^32-1
     * @param logTime nanoseconds, as an unsigned 64-bit value
     */
    public synchronized void addMessage(int channelId, long sequence, long logTime, long publishTime, byte[] data)
            throws IOException {
        checkOpen();
        if (!channels.containsKey(channelId)) {
            throw new IllegalArgumentException("no channel " + channelId + " was added");
        }
        if (sequence < 0 || sequence > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("a message's sequence is a uint32, not " + sequence);
        }
        long size = Mcap.RECORD_PREFIX + Mcap.MESSAGE_FIXED + (long) data.length;
        if (size > options.limits().maxChunkBytes()) {
            throw new IllegalArgumentException("a message of " + data.length + " bytes on "
                    + channels.get(channelId).topic() + ": more than a chunk holds under the limit of "
                    + options.limits().maxChunkBytes() + " bytes");
        }
        beforeRecord(size);
        chunk.message(new McapMessage(channelId, sequence, logTime, publishTime, data));
        channelMessageCounts.merge(channelId, 1L, Long::sum);
        if (messageCount == 0 || Long.compareUnsigned(logTime, messageStartTime) < 0) {
            messageStartTime = logTime;
        }
        if (messageCount == 0 || Long.compareUnsigned(logTime, messageEndTime) > 0) {
            messageEndTime = logTime;
        }
        messageCount++;
        if (chunk.size() >= options.chunkSize()) {
            writeChunk();
        }
    }

    /** Writes an attachment at once, between chunks, with its CRC. */
    public synchronized void addAttachment(McapAttachment attachment) throws IOException {
        checkOpen();
        if (attachment.data().length > options.limits().maxAttachmentBytes()) {
            throw new IllegalArgumentException("attachment " + attachment.name() + " has " + attachment.data().length
                    + " bytes, more than the limit of " + options.limits().maxAttachmentBytes());
        }
        checkRecord("attachment " + attachment.name(), utf8(attachment.name()) + utf8(attachment.mediaType()) + 36L);
        long offset = out.position();
        RecordEncoder.attachment(scratch.reset(), attachment);
        out.write(scratch);
        out.flush();
        attachmentIndexes.add(new McapAttachmentIndex(
                offset,
                scratch.size(),
                attachment.logTime(),
                attachment.createTime(),
                attachment.data().length,
                attachment.name(),
                attachment.mediaType()));
    }

    /** Writes a metadata record at once, between chunks. */
    public synchronized void addMetadata(McapMetadata metadata) throws IOException {
        checkOpen();
        long offset = out.position();
        RecordEncoder.metadata(scratch.reset(), metadata);
        checkRecord("metadata " + metadata.name(), scratch.size() - Mcap.RECORD_PREFIX);
        out.write(scratch);
        out.flush();
        metadataIndexes.add(new MetadataIndex(offset, scratch.size(), metadata.name()));
    }

    /** Writes the chunk being filled, if any, and hands everything to the operating system. */
    public synchronized void flush() throws IOException {
        checkOpen();
        if (!chunk.isEmpty()) {
            writeChunk();
        }
        out.flush();
    }

    /** Writes the last chunk, the DataEnd record, the summary, the Footer and the magic, and closes the file. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!chunk.isEmpty()) {
                writeChunk();
            }
            RecordEncoder.dataEnd(scratch.reset(), out.crc());
            out.write(scratch);
            new SummaryWriter(out, scratch)
                    .write(
                            schemas.values(),
                            channels.values(),
                            statistics(),
                            chunkIndexes,
                            attachmentIndexes,
                            metadataIndexes);
            out.flush();
        } finally {
            out.close();
        }
    }

    private McapStatistics statistics() {
        Map<Integer, Long> counts = new TreeMap<>(channelMessageCounts);
        counts.values().removeIf(n -> n == 0);
        return new McapStatistics(
                messageCount,
                schemas.size(),
                channels.size(),
                attachmentIndexes.size(),
                metadataIndexes.size(),
                chunkIndexes.size(),
                messageStartTime,
                messageEndTime,
                counts);
    }

    /** Writes the chunk first if a record of {@code size} bytes would take it past the chunk limit. */
    private void beforeRecord(long size) throws IOException {
        if (!chunk.isEmpty() && chunk.size() + size > options.limits().maxChunkBytes()) {
            writeChunk();
        }
    }

    /**
     * Writes the chunk, compressed unless that would make it larger, and its message indexes, then flushes: a chunk
     * is in the file whole or not at all, as far as this process can make it.
     */
    private void writeChunk() throws IOException {
        RecordBuffer records = chunk.records();
        CRC32 crc = new CRC32();
        crc.update(records.array(), 0, records.size());
        McapCompression compression = options.compression();
        int compressedSize = codec.compress(compression, records.array(), records.size());
        byte[] data = codec.compressed();
        if (compressedSize >= records.size() && compression != McapCompression.NONE) {
            compression = McapCompression.NONE; // incompressible: smaller, and never above the chunk limit
            compressedSize = records.size();
            data = records.array();
        }
        long chunkStart = out.position();
        RecordEncoder.chunkPrefix(
                scratch.reset(),
                chunk.startTime(),
                chunk.endTime(),
                records.size(),
                crc.getValue(),
                compression.wireName(),
                compressedSize);
        out.write(scratch);
        out.write(data, 0, compressedSize);
        long chunkLength = out.position() - chunkStart;
        long indexStart = out.position();
        Map<Integer, Long> indexOffsets = chunk.writeIndexes(scratch.reset(), indexStart);
        out.write(scratch);
        out.flush();
        chunkIndexes.add(new ChunkIndex(
                chunk.startTime(),
                chunk.endTime(),
                chunkStart,
                chunkLength,
                indexOffsets,
                out.position() - indexStart,
                compression.wireName(),
                compressedSize,
                records.size()));
        chunk.reset();
    }

    private void checkRecord(String what, long contentSize) {
        if (contentSize > options.limits().maxRecordBytes()) {
            throw new IllegalArgumentException(what + " makes a record of " + contentSize
                    + " bytes, more than the limit of " + options.limits().maxRecordBytes());
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the MCAP writer is closed");
        }
    }

    private static long schemaSize(McapSchema s) {
        return Mcap.RECORD_PREFIX + 2 + 12L + utf8(s.name()) + utf8(s.encoding()) + s.data().length;
    }

    private static long channelSize(McapChannel c) {
        long size = Mcap.RECORD_PREFIX + 4 + 12L + utf8(c.topic()) + utf8(c.messageEncoding());
        for (Map.Entry<String, String> e : c.metadata().entrySet()) {
            size += 8 + utf8(e.getKey()) + utf8(e.getValue());
        }
        return size;
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
