package io.orrery.transport.record;

import com.google.protobuf.Message;
import io.orrery.topic.msgs.MessageTypes;
import io.orrery.transport.record.mcap.McapAttachment;
import io.orrery.transport.record.mcap.McapMetadata;
import io.orrery.transport.record.mcap.McapWriter;
import io.orrery.transport.record.mcap.McapWriterOptions;
import io.orrery.transport.scene.Schemas;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MCAP file being written. Messages are handed over on the thread that has them (the runner's, for the bus) into a
 * bounded queue, and a writer thread of its own encodes and writes them; the runner never waits on the disk. The file
 * is written as {@code FILE.part} and moved to {@code FILE} when the recording ends whole, so a file under its final
 * name is always complete (summary, indexes); a killed process leaves the {@code .part}, which a streaming reader
 * reads up to its last complete chunk.
 */
final class Recording {

    private static final Logger log = LoggerFactory.getLogger(Recording.class);

    /** The metadata record naming what the recording left out, and why it ended. */
    static final String METADATA = "orrery.recording";

    /** What a recording wrote, once it has ended. */
    record Summary(Path file, long messages, long dropped, long overSize, long bytes) {}

    /**
     * A message to write: a protobuf {@code message}, one {@code built} on the writer's thread, or {@code json}
     * encoded there.
     */
    private record Entry(
            String topic,
            Class<? extends Message> type,
            long timeNanos,
            Message message,
            Supplier<? extends Message> built,
            Supplier<byte[]> json,
            JsonBatch batch) {}

    /** Several JSON messages of one topic handed over at once, each encoded on the writer's thread. */
    interface JsonBatch {
        /** How many messages. */
        int size();

        /** The {@code i}th message's log time. */
        long timeNanos(int i);

        /** The {@code i}th message. */
        byte[] json(int i);
    }

    private static final Entry END = new Entry("", Message.class, 0, null, null, null, null);

    /**
     * How long the writer sleeps when it finds the queue empty. It polls rather than waits on the queue, so that the
     * runner's offer never has a sleeping writer to wake (a system call a message, on the runner's time).
     */
    private static final long IDLE_NANOS = 2_000_000;

    private final Path file;
    private final Path part;
    private final CountingStream counted;
    private final McapWriter writer;
    private final long maxBytes;
    private final long margin;
    private final BlockingQueue<Entry> queue;
    private final Thread thread;
    private final Map<String, String> about;
    private final Map<Class<?>, Integer> schemas = new HashMap<>();
    private final Map<String, Integer> channels = new HashMap<>();
    private final Map<Integer, Long> sequences = new HashMap<>();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong overSize = new AtomicLong();
    private final AtomicLong messages = new AtomicLong();
    private final List<Supplier<McapMetadata>> endMetadata = new CopyOnWriteArrayList<>();
    private volatile boolean accepting = true;
    private volatile IOException failure;

    private Recording(
            Path file,
            Path part,
            CountingStream counted,
            McapWriter writer,
            RecordProperties p,
            Map<String, String> about) {
        this.file = file;
        this.part = part;
        this.counted = counted;
        this.writer = writer;
        this.maxBytes = p.maxSize().toBytes();
        // a chunk is written once it reaches the chunk size, its message index after it (at most half its size)
        this.margin = 2 * p.chunkSize().toBytes();
        this.queue = new ArrayBlockingQueue<>(p.maxQueuedMessages());
        this.about = new LinkedHashMap<>(about);
        // a reader must know a topic was sampled: the most messages of one topic kept a second of sim time
        this.about.put("max_rate", RecordProperties.plain(p.maxRate()));
        this.thread = new Thread(this::drain, "orrery-record-" + file.getFileName());
        this.thread.setDaemon(true);
    }

    /**
     * Starts writing {@code file} (as {@code FILE.part} until it ends).
     *
     * @param about the metadata that describes the run (world, engine ...), written when it ends
     */
    static Recording start(Path file, RecordProperties p, Map<String, String> about) throws IOException {
        Path part = file.resolveSibling(file.getFileName() + ".part");
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        OutputStream raw = Files.newOutputStream(part);
        CountingStream counted = new CountingStream(raw);
        McapWriter writer;
        try {
            writer = new McapWriter(
                    new BufferedOutputStream(counted, 1 << 16),
                    McapWriterOptions.defaults()
                            .withCompression(p.mcapCompression())
                            .withChunkSize((int) p.chunkSize().toBytes()));
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
        Recording r = new Recording(file, part, counted, writer, p, about);
        r.thread.start();
        return r;
    }

    /** The file it ends as. */
    Path file() {
        return file;
    }

    /** Messages written so far, dropped (the writer fell behind), and refused because the file reached its size. */
    long messages() {
        return messages.get();
    }

    long dropped() {
        return dropped.get();
    }

    long overSize() {
        return overSize.get();
    }

    /** Hands a message to the writer; never blocks: a full queue drops it, and counts it. Any thread. */
    void offer(String topic, Class<? extends Message> type, long timeNanos, Message message) {
        if (!accepting) {
            return;
        }
        if (!queue.offer(new Entry(topic, type, timeNanos, message, null, null, null))) {
            dropped.incrementAndGet();
        }
    }

    /** Hands the writer a message it builds on its own thread ({@code built} must be safe there); as {@link #offer}. */
    void offerBuilt(String topic, Class<? extends Message> type, long timeNanos, Supplier<? extends Message> built) {
        if (!accepting) {
            return;
        }
        if (!queue.offer(new Entry(topic, type, timeNanos, null, built, null, null))) {
            dropped.incrementAndGet();
        }
    }

    /**
     * Hands a JSON message to the writer, encoded on its thread; never blocks, as {@link #offer}.
     *
     * @return false when it was dropped (the queue was full) or the recording takes no more
     */
    boolean offerJson(String topic, long timeNanos, Supplier<byte[]> json) {
        if (!accepting) {
            return false;
        }
        if (!queue.offer(new Entry(topic, Message.class, timeNanos, null, null, json, null))) {
            dropped.incrementAndGet();
            return false;
        }
        return true;
    }

    /**
     * Hands the writer several JSON messages of {@code topic} as one entry of the queue; as {@link #offerJson}.
     *
     * @return false when they were dropped (the queue was full) or the recording takes no more
     */
    boolean offerJsonBatch(String topic, JsonBatch batch) {
        if (!accepting) {
            return false;
        }
        if (!queue.offer(new Entry(topic, Message.class, 0, null, null, null, batch))) {
            dropped.addAndGet(batch.size());
            return false;
        }
        return true;
    }

    /** Writes an attachment now (between chunks); any thread. */
    void attach(McapAttachment attachment) throws IOException {
        writer.addAttachment(attachment);
    }

    /** A metadata record written when the recording ends, as {@code metadata} says then. */
    void metadataAtEnd(Supplier<McapMetadata> metadata) {
        endMetadata.add(metadata);
    }

    /**
     * Ends the recording: what is queued is written, then the metadata, the summary and the footer, and the file is
     * moved under its name. On a failure the {@code .part} is left, and the exception names it.
     */
    Summary end() throws IOException {
        accepting = false;
        try {
            queue.put(END); // the writer drains what is ahead of it first
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while ending the recording " + part, e);
        }
        IOException failed = failure;
        try {
            if (failed == null) {
                Map<String, String> m = new LinkedHashMap<>(about);
                m.put("messages", Long.toString(messages.get()));
                m.put("dropped", Long.toString(dropped.get()));
                m.put("over_size", Long.toString(overSize.get()));
                m.put("max_size", Long.toString(maxBytes));
                writer.addMetadata(new McapMetadata(METADATA, m));
                for (Supplier<McapMetadata> more : endMetadata) {
                    writer.addMetadata(more.get());
                }
            }
            writer.close();
        } catch (IOException | RuntimeException e) {
            failed = failed == null ? new IOException(e.getMessage(), e) : failed;
        }
        if (failed != null) {
            throw new IOException(
                    "the recording " + part + " could not be finished (the file is left as it is, its"
                            + " complete chunks readable): " + failed.getMessage(),
                    failed);
        }
        try {
            Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return new Summary(file, messages.get(), dropped.get(), overSize.get(), Files.size(file));
    }

    private void drain() {
        while (true) {
            Entry e = queue.poll();
            if (e == null) {
                LockSupport.parkNanos(IDLE_NANOS);
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    return;
                }
                continue;
            }
            if (e == END) {
                return;
            }
            if (failure == null && e.batch() != null) {
                for (int i = 0; i < e.batch().size() && failure == null; i++) {
                    int at = i;
                    write(new Entry(
                            e.topic(),
                            e.type(),
                            e.batch().timeNanos(at),
                            null,
                            null,
                            () -> e.batch().json(at),
                            null));
                }
            } else if (failure == null) {
                write(e);
            }
        }
    }

    private void write(Entry e) {
        try {
            byte[] data = e.json() != null
                    ? e.json().get()
                    : (e.built() != null ? e.built().get() : e.message()).toByteArray();
            if (counted.count() + margin + data.length > maxBytes) {
                if (overSize.getAndIncrement() == 0) {
                    log.warn(
                            "Recording {} reached orrery.record.max-size ({} bytes): no more messages are"
                                    + " recorded; it is finished when the recording ends",
                            file,
                            maxBytes);
                }
                return;
            }
            int channel = e.json() != null ? jsonChannel(e.topic()) : channel(e.topic(), e.type());
            long sequence = sequences.merge(channel, 1L, Long::sum) - 1;
            writer.addMessage(channel, sequence & 0xFFFF_FFFFL, e.timeNanos(), e.timeNanos(), data);
            messages.incrementAndGet();
        } catch (IOException | RuntimeException ex) {
            failure = ex instanceof IOException io ? io : new IOException(ex.getMessage(), ex);
            accepting = false;
            log.error("Recording {} failed, nothing more is recorded: {}", part, ex.toString());
        }
    }

    /** A JSON topic's channel, schemaless, added the first time it carries a message. */
    private int jsonChannel(String topic) throws IOException {
        Integer id = channels.get(topic + "\njson");
        if (id == null) {
            id = writer.addChannel(0, topic, "json", Map.of());
            channels.put(topic + "\njson", id);
        }
        return id;
    }

    /** The topic's channel, added (with its schema) the first time it carries a message. */
    private int channel(String topic, Class<? extends Message> type) throws IOException {
        String key = topic + "\n" + type.getName(); // a reload may give a topic another type: another channel
        Integer id = channels.get(key);
        if (id != null) {
            return id;
        }
        Integer schema = schemas.get(type);
        if (schema == null) {
            schema = writer.addSchema(
                    MessageTypes.nameOf(type), "protobuf", Schemas.bytes(MessageTypes.descriptorOf(type)));
            schemas.put(type, schema);
        }
        int added = writer.addChannel(schema, topic, "protobuf", Map.of());
        channels.put(key, added);
        return added;
    }

    /** Counts the bytes handed on to the file. */
    private static final class CountingStream extends FilterOutputStream {
        private volatile long count;

        CountingStream(OutputStream out) {
            super(out);
        }

        long count() {
            return count;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
