package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Reads a whole file once and checks that it agrees with itself: the DataEnd record's CRC32 of the data section,
 * every chunk's CRC, the Message Index records after each chunk against the chunk's messages (one per channel, each
 * entry pointing at a message of that log time), the summary's Chunk Index records against the chunks, and the
 * Statistics against what was counted.
 */
final class McapVerifier {

    private final Source source;
    private final McapLimits limits;
    private final FileIndex index;
    private final ChunkDecoder decoder;
    private final Map<Long, ChunkIndex> chunksByOffset = new HashMap<>();
    private final Map<Integer, Long> counts = new TreeMap<>();
    private long messages;
    private int chunks;
    private final CRC32 crc = new CRC32();
    /** The last chunk's messages by channel, (log time, offset) pairs, until its Message Index records are read. */
    private Map<Integer, List<long[]>> pending;

    private Map<Integer, Long> pendingIndexOffsets;
    private ChunkIndex pendingChunk;

    McapVerifier(Source source, McapLimits limits, FileIndex index) {
        this.source = source;
        this.limits = limits;
        this.index = index;
        this.decoder = new ChunkDecoder(limits);
        for (ChunkIndex c : index.chunks) {
            chunksByOffset.put(c.chunkStartOffset(), c);
        }
    }

    void verify() throws IOException {
        crc.update(Mcap.MAGIC);
        long to = index.fromSummary ? index.dataEndOffset + Mcap.DATA_END_RECORD : source.size();
        DataWalker.End end = new DataWalker(source, limits).walk(Mcap.MAGIC.length, to, crc, this::record);
        if (end.truncated() && index.fromSummary) {
            throw new McapFormatException(end.offset(), "a record runs past the DataEnd record the summary names");
        }
        if (!end.truncated()) { // a killed writer may have left the last chunk's message indexes partly written
            endIndexRun(end.offset());
        }
        if (index.fromSummary) {
            if (chunks != index.chunks.size()) {
                throw new McapFormatException(
                        index.dataEndOffset,
                        "the summary indexes " + index.chunks.size() + " chunks, the data section holds " + chunks);
            }
            McapStatistics s = index.statistics;
            if (s != null && (s.messageCount() != messages || s.chunkCount() != chunks)) {
                throw new McapFormatException(
                        index.dataEndOffset,
                        "the Statistics count " + s.messageCount() + " messages in " + s.chunkCount()
                                + " chunks, the data section holds " + messages + " in " + chunks);
            }
            Map<Integer, Long> stated = new TreeMap<>(s == null ? Map.of() : s.channelMessageCounts());
            stated.values().removeIf(n -> n == 0); // a writer may list a channel without messages
            if (!stated.isEmpty() && !stated.equals(counts)) {
                throw new McapFormatException(
                        index.dataEndOffset,
                        "the Statistics count messages per channel " + stated + ", the data section holds " + counts);
            }
        }
    }

    private boolean record(int opcode, long offset, RecordCursor c) throws IOException {
        if (opcode != Mcap.MESSAGE_INDEX) {
            endIndexRun(offset);
        }
        switch (opcode) {
            case Mcap.CHUNK -> chunk(offset, c);
            case Mcap.MESSAGE_INDEX -> messageIndex(offset, c);
            case Mcap.ATTACHMENT -> RecordDecoder.attachment(c);
            case Mcap.DATA_END -> {
                long expected = RecordDecoder.dataEnd(c);
                if (expected != 0 && expected != crc.getValue()) {
                    throw new McapFormatException(
                            offset,
                            "the data section has CRC32 " + crc.getValue() + ", the DataEnd record says " + expected);
                }
                return false;
            }
            case Mcap.FOOTER -> {
                return false;
            }
            default -> {}
        }
        return true;
    }

    private void chunk(long offset, RecordCursor content) throws IOException {
        long length = Mcap.RECORD_PREFIX + (long) content.remaining();
        ChunkDecoder.Chunk chunk = decoder.decode(content, offset);
        Map<Integer, List<long[]>> byChannel = new TreeMap<>();
        long[] span = {0, 0, 0};
        ChunkDecoder.forEachRecord(chunk, (opcode, at, c) -> {
            if (opcode == Mcap.MESSAGE) {
                long[] key = RecordDecoder.messageKey(c);
                byChannel.computeIfAbsent((int) key[0], k -> new ArrayList<>()).add(new long[] {key[1], at});
                span[1] = span[0] == 0 || Long.compareUnsigned(key[1], span[1]) < 0 ? key[1] : span[1];
                span[2] = span[0] == 0 || Long.compareUnsigned(key[1], span[2]) > 0 ? key[1] : span[2];
                span[0]++;
                counts.merge((int) key[0], 1L, Long::sum);
            }
        });
        messages += span[0];
        chunks++;
        ChunkIndex summary = index.fromSummary ? chunksByOffset.get(offset) : null;
        if (index.fromSummary) {
            RecordDecoder.ChunkHeader h = chunk.header();
            if (summary == null
                    || summary.chunkLength() != length
                    || !summary.compression().equals(h.compression())
                    || summary.compressedSize() != h.recordsLength()
                    || summary.uncompressedSize() != h.uncompressedSize()
                    || summary.messageStartTime() != span[1]
                    || summary.messageEndTime() != span[2]) {
                throw new McapFormatException(
                        offset, "the summary's Chunk Index for this chunk " + summary + " does not match it");
            }
        }
        pending = byChannel;
        pendingChunk = summary;
        pendingIndexOffsets = new TreeMap<>();
    }

    private void messageIndex(long offset, RecordCursor c) throws McapFormatException {
        int channel = c.u16("a Message Index's channel");
        int n = c.length(c.u32("a Message Index's length"), "a Message Index's entries");
        if (pending == null || n % 16 != 0) {
            throw new McapFormatException(offset, "a Message Index record that follows no chunk, or broken");
        }
        List<long[]> entries = new ArrayList<>();
        for (int i = 0; i < n / 16; i++) {
            entries.add(new long[] {c.u64("a log time"), c.u64("an offset")});
        }
        List<long[]> actual = pending.getOrDefault(channel, List.of());
        Comparator<long[]> order = Comparator.comparingLong((long[] e) -> e[1]);
        entries.sort(order);
        if (entries.size() != actual.size()
                || !sameEntries(entries, actual)
                || pendingIndexOffsets.put(channel, offset) != null) {
            throw new McapFormatException(
                    offset,
                    "the Message Index for channel " + channel + " lists " + entries.size()
                            + " messages, its chunk holds " + actual.size() + " (or they differ, or it repeats)");
        }
    }

    private static boolean sameEntries(List<long[]> a, List<long[]> b) {
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i)[0] != b.get(i)[0] || a.get(i)[1] != b.get(i)[1]) {
                return false;
            }
        }
        return true;
    }

    /** After a chunk's index run: each channel indexed once, where the Chunk Index says, if the file indexes. */
    private void endIndexRun(long offset) throws McapFormatException {
        if (pending == null) {
            return;
        }
        boolean indexed = !pendingIndexOffsets.isEmpty()
                || (pendingChunk != null && !pendingChunk.messageIndexOffsets().isEmpty());
        if (indexed && !pendingIndexOffsets.keySet().equals(pending.keySet())) {
            throw new McapFormatException(
                    offset,
                    "the chunk before has messages on channels " + pending.keySet() + ", Message Index records for "
                            + pendingIndexOffsets.keySet());
        }
        if (pendingChunk != null
                && indexed
                && !pendingChunk.messageIndexOffsets().equals(pendingIndexOffsets)) {
            throw new McapFormatException(
                    offset,
                    "the Chunk Index names message indexes at " + pendingChunk.messageIndexOffsets() + ", they are at "
                            + pendingIndexOffsets);
        }
        pending = null;
        pendingChunk = null;
    }
}
