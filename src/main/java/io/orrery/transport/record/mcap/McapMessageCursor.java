package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The messages of a file in log-time order (ties in file order), chunk by chunk: a chunk is decompressed when the
 * next message might be in it and let go once its last message is taken, so only chunks whose time spans overlap are
 * held at once. Each chunk's CRC is checked as it is opened, and each message's log time against its chunk's span.
 */
public final class McapMessageCursor {

    private final Source source;
    private final DataWalker walker;
    private final ChunkDecoder decoder;
    private final Map<Integer, McapChannel> channels;
    private final Set<Integer> wanted;
    private final List<ChunkIndex> chunks;
    private final PriorityQueue<Open> open = new PriorityQueue<>();
    private int next;

    /** The earliest log time wanted (unsigned): chunks that end before it are never opened. */
    private final long from;

    McapMessageCursor(
            Source source, McapLimits limits, FileIndex index, Set<Integer> wanted, ChunkDecoder decoder, long from) {
        this.from = from;
        this.source = source;
        this.walker = new DataWalker(source, limits);
        this.decoder = decoder;
        this.channels = index.channels;
        this.wanted = wanted;
        this.chunks = new ArrayList<>(index.chunks);
        this.chunks.sort(Comparator.comparingLong((ChunkIndex c) -> c.messageStartTime() ^ Long.MIN_VALUE)
                .thenComparingLong(ChunkIndex::chunkStartOffset));
        this.chunks.removeIf(c -> Long.compareUnsigned(c.messageEndTime(), from) < 0);
    }

    /** The next message, or null after the last. */
    public McapMessage next() throws IOException {
        while (next < chunks.size()
                && (open.isEmpty()
                        || Long.compareUnsigned(
                                        chunks.get(next).messageStartTime(),
                                        open.peek().time())
                                <= 0)) {
            Open chunk = load(chunks.get(next++));
            if (chunk != null) {
                open.add(chunk);
            }
        }
        Open top = open.poll();
        if (top == null) {
            return null;
        }
        McapMessage m = top.take();
        if (top.hasMore()) {
            open.add(top);
        }
        return m;
    }

    /** Opens a chunk: its wanted messages sorted by log time, or null if it has none. */
    private Open load(ChunkIndex index) throws IOException {
        long offset = index.chunkStartOffset();
        byte[] prefix = source.bytes(offset, Mcap.RECORD_PREFIX, "a chunk");
        RecordCursor p = new RecordCursor(prefix, 0, prefix.length, offset);
        if (p.u8("a chunk's opcode") != Mcap.CHUNK) {
            throw new McapFormatException(offset, "a Chunk Index names this offset, and no Chunk record is there");
        }
        long length = p.u64("a chunk's length");
        walker.checkLength(Mcap.CHUNK, length, offset);
        byte[] content = source.bytes(offset + Mcap.RECORD_PREFIX, length, "a chunk");
        ChunkDecoder.Chunk chunk =
                decoder.decode(new RecordCursor(content, 0, content.length, offset + Mcap.RECORD_PREFIX), offset);
        List<long[]> found = new ArrayList<>(); // log time, offset
        ChunkDecoder.forEachRecord(chunk, (opcode, at, c) -> {
            if (opcode != Mcap.MESSAGE) {
                return;
            }
            long[] key = RecordDecoder.messageKey(c);
            int channel = (int) key[0];
            if (!channels.containsKey(channel)) {
                throw new McapFormatException(
                        at, "a message on channel " + channel + ", which no Channel record defines");
            }
            long time = key[1];
            if (Long.compareUnsigned(time, index.messageStartTime()) < 0
                    || Long.compareUnsigned(time, index.messageEndTime()) > 0) {
                throw new McapFormatException(
                        at,
                        "a message logged at " + Long.toUnsignedString(time) + ", outside its chunk's span "
                                + Long.toUnsignedString(index.messageStartTime()) + " to "
                                + Long.toUnsignedString(index.messageEndTime()));
            }
            if ((wanted == null || wanted.contains(channel)) && Long.compareUnsigned(time, from) >= 0) {
                found.add(new long[] {time, at});
            }
        });
        if (found.isEmpty()) {
            return null;
        }
        long[][] sorted = found.toArray(new long[0][]);
        Arrays.sort(
                sorted,
                Comparator.comparingLong((long[] e) -> e[0] ^ Long.MIN_VALUE).thenComparingLong(e -> e[1]));
        return new Open(chunk, sorted);
    }

    /** A chunk being read: its messages in order, and the next one's position. */
    private static final class Open implements Comparable<Open> {
        private final ChunkDecoder.Chunk chunk;
        private final long[][] messages;
        private int next;

        Open(ChunkDecoder.Chunk chunk, long[][] messages) {
            this.chunk = chunk;
            this.messages = messages;
        }

        long time() {
            return messages[next][0];
        }

        boolean hasMore() {
            return next < messages.length;
        }

        McapMessage take() throws McapFormatException {
            int at = (int) messages[next++][1];
            byte[] records = chunk.records();
            RecordCursor prefix = new RecordCursor(records, at, Mcap.RECORD_PREFIX, at);
            prefix.u8("opcode");
            int length = (int) prefix.u64("length"); // checked when the chunk was walked
            return RecordDecoder.message(
                    new RecordCursor(records, at + Mcap.RECORD_PREFIX, length, at + Mcap.RECORD_PREFIX));
        }

        @Override
        public int compareTo(Open o) {
            int byTime = Long.compareUnsigned(time(), o.time());
            if (byTime != 0) {
                return byTime;
            }
            int byChunk = Long.compare(chunk.offset(), o.chunk.offset());
            return byChunk != 0 ? byChunk : Long.compare(messages[next][1], o.messages[o.next][1]);
        }
    }
}
