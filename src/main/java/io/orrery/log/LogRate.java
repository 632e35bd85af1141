package io.orrery.log;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * How often lines a user sets off may be written: a token bucket per key (a trigger, say) and one for all keys
 * together, each refilled at its rate up to its burst. A line that finds either bucket empty is left out and counted
 * against its key; the key's next line written says how many were left out before it. Only the most recently used
 * {@code maxKeys} keys are remembered. Thread-safe.
 */
public final class LogRate {

    private final LongSupplier nanoClock;
    private final Bucket total;
    private final int totalBurst;
    private final double totalPerSecond;
    private final int keyBurst;
    private final double keyPerSecond;
    private final Map<Object, Bucket> keys;

    /**
     * @param nanoClock a monotonic clock in nanoseconds (the runner's, which tests control)
     * @param keyBurst lines one key may write at once, at least 1
     * @param keyPerSecond lines one key may write a second after that, above 0
     * @param totalBurst lines all keys together may write at once, at least 1
     * @param totalPerSecond lines all keys together may write a second after that, above 0
     * @param maxKeys keys remembered, at least 1
     */
    public LogRate(
            LongSupplier nanoClock,
            int keyBurst,
            double keyPerSecond,
            int totalBurst,
            double totalPerSecond,
            int maxKeys) {
        if (keyBurst < 1 || totalBurst < 1 || maxKeys < 1 || !(keyPerSecond > 0) || !(totalPerSecond > 0)) {
            throw new IllegalArgumentException("bursts and key count must be at least 1, rates above 0");
        }
        this.nanoClock = nanoClock;
        this.keyBurst = keyBurst;
        this.keyPerSecond = keyPerSecond;
        long now = nanoClock.getAsLong();
        this.total = new Bucket(totalBurst, now);
        this.keys = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Bucket> eldest) {
                return size() > maxKeys;
            }
        };
        this.totalBurst = totalBurst;
        this.totalPerSecond = totalPerSecond;
    }

    /**
     * A line of {@code key} is due: -1 when it is to be left out (it is counted), else how many lines of the key were
     * left out since its last line written (0 when none).
     */
    public synchronized long admit(Object key) {
        long now = nanoClock.getAsLong();
        Bucket k = keys.computeIfAbsent(key, x -> new Bucket(keyBurst, now));
        k.refill(now, keyBurst, keyPerSecond);
        total.refill(now, totalBurst, totalPerSecond);
        if (k.tokens < 1 || total.tokens < 1) {
            k.leftOut++;
            return -1;
        }
        k.tokens--;
        total.tokens--;
        long leftOut = k.leftOut;
        k.leftOut = 0;
        return leftOut;
    }

    private static final class Bucket {
        double tokens;
        long refilledAt;
        long leftOut;

        Bucket(int burst, long now) {
            this.tokens = burst;
            this.refilledAt = now;
        }

        void refill(long now, int burst, double perSecond) {
            long elapsed = now - refilledAt;
            if (elapsed > 0) {
                tokens = Math.min(burst, tokens + elapsed / 1e9 * perSecond);
                refilledAt = now;
            }
        }
    }
}
