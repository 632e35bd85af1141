package io.orrery.system;

/**
 * The run times of one phase's systems, by index in run order: the runner thread adds one per call into fixed
 * arrays (no allocation), and summarizes them when a window closes. The percentile is taken over the window's last
 * {@link #SAMPLES} calls of each system, so a world stepping faster than that per window is summarized over its
 * most recent calls; the mean is over every call in the window.
 */
final class SystemTimer {

    /** Calls kept per system for the percentile: two seconds of a 1 kHz world. A power of two. */
    static final int SAMPLES = 2048;

    private final long[][] samples;
    private final long[] sums;
    private final long[] counts;
    /** The largest values seen while selecting the percentile, smallest first. */
    private final long[] top = new long[SAMPLES / 100 + 2];

    SystemTimer(int systems) {
        samples = new long[systems][];
        sums = new long[systems];
        counts = new long[systems];
    }

    /** Runner thread: system {@code index} took {@code nanos}. */
    void record(int index, long nanos) {
        long[] kept = samples[index];
        if (kept == null) {
            kept = new long[SAMPLES]; // on the first call: a system that never runs in this phase costs nothing
            samples[index] = kept;
        }
        kept[(int) (counts[index]++ & (SAMPLES - 1))] = nanos;
        sums[index] += nanos;
    }

    /** System {@code index}'s timing since the last {@link #clear}. */
    SystemTiming summarize(int index) {
        long calls = counts[index];
        if (calls == 0) {
            return SystemTiming.NONE;
        }
        int n = (int) Math.min(calls, SAMPLES);
        return new SystemTiming(calls, sums[index] / calls, percentile99(samples[index], n));
    }

    /** Starts a new window. */
    void clear() {
        java.util.Arrays.fill(sums, 0);
        java.util.Arrays.fill(counts, 0);
    }

    /**
     * The 99th percentile (nearest rank: the value at rank ceil(0.99 n) in ascending order) of the first {@code n}
     * values, found by keeping the few largest rather than sorting, so a window's summary costs one pass.
     */
    private long percentile99(long[] values, int n) {
        int rank = (int) Math.ceil(0.99 * n);
        int k = n - rank + 1; // the value wanted is the k-th largest
        int filled = 0;
        for (int i = 0; i < n; i++) {
            long v = values[i];
            if (filled < k) {
                int j = filled++;
                while (j > 0 && top[j - 1] > v) {
                    top[j] = top[j - 1];
                    j--;
                }
                top[j] = v;
            } else if (v > top[0]) {
                int j = 0;
                while (j + 1 < k && top[j + 1] < v) {
                    top[j] = top[j + 1];
                    j++;
                }
                top[j] = v;
            }
        }
        return top[0];
    }
}
