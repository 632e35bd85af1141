package io.orrery.transport.record.mcap;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The chunk being filled: its uncompressed records, its messages' time span, and each channel's message index
 * (log time, offset in the records), which is written after the chunk.
 */
final class ChunkBuilder {

    private final RecordBuffer records;
    private final Map<Integer, Index> indexes = new TreeMap<>();
    private long startTime;
    private long endTime;
    private int messages;

    ChunkBuilder(int chunkSize) {
        records = new RecordBuffer(Math.min(chunkSize, 1 << 20) + 1024);
    }

    RecordBuffer records() {
        return records;
    }

    int size() {
        return records.size();
    }

    boolean isEmpty() {
        return records.size() == 0;
    }

    long startTime() {
        return messages == 0 ? 0 : startTime;
    }

    long endTime() {
        return messages == 0 ? 0 : endTime;
    }

    void schema(McapSchema s) {
        RecordEncoder.schema(records, s);
    }

    void channel(McapChannel c) {
        RecordEncoder.channel(records, c);
    }

    void message(McapMessage m) {
        long offset = records.size();
        RecordEncoder.message(records, m);
        indexes.computeIfAbsent(m.channelId(), id -> new Index()).add(m.logTime(), offset);
        if (messages == 0 || Long.compareUnsigned(m.logTime(), startTime) < 0) {
            startTime = m.logTime();
        }
        if (messages == 0 || Long.compareUnsigned(m.logTime(), endTime) > 0) {
            endTime = m.logTime();
        }
        messages++;
    }

    /**
     * Appends one Message Index record per channel with messages in this chunk, sorted by log time, to {@code out};
     * returns the file offset of each, given that {@code out}'s first byte lands at {@code fileOffset}.
     */
    Map<Integer, Long> writeIndexes(RecordBuffer out, long fileOffset) {
        Map<Integer, Long> offsets = new TreeMap<>();
        int base = out.size();
        for (Map.Entry<Integer, Index> e : indexes.entrySet()) {
            offsets.put(e.getKey(), fileOffset + out.size() - base);
            Index index = e.getValue();
            index.sort();
            RecordEncoder.messageIndex(out, e.getKey(), index.times, index.offsets, index.count);
        }
        return offsets;
    }

    void reset() {
        records.reset();
        indexes.clear();
        messages = 0;
    }

    /** One channel's (log time, offset) pairs, in the order written until a message arrives out of order. */
    private static final class Index {
        long[] times = new long[64];
        long[] offsets = new long[64];
        int count;
        boolean sorted = true;

        void add(long time, long offset) {
            if (count == times.length) {
                times = Arrays.copyOf(times, 2 * count);
                offsets = Arrays.copyOf(offsets, 2 * count);
            }
            if (count > 0 && Long.compareUnsigned(time, times[count - 1]) < 0) {
                sorted = false;
            }
            times[count] = time;
            offsets[count++] = offset;
        }

        /** By log time, ties by offset (the order written): readers can search the index. */
        void sort() {
            if (sorted) {
                return;
            }
            Integer[] order = new Integer[count];
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            Arrays.sort(
                    order,
                    Comparator.<Integer>comparingLong(i -> times[i] ^ Long.MIN_VALUE)
                            .thenComparingLong(i -> offsets[i]));
            long[] t = new long[count];
            long[] o = new long[count];
            for (int i = 0; i < count; i++) {
                t[i] = times[order[i]];
                o[i] = offsets[order[i]];
            }
            times = t;
            offsets = o;
            sorted = true;
        }
    }
}
