package io.orrery.system;

/**
 * How long one system took in one phase over the last timing window.
 *
 * @param calls the calls in the window (steps, and paused cycles, which run the systems too)
 * @param meanNanos the mean time of a call, 0 without calls
 * @param p99Nanos the 99th percentile of a call's time over the window's last
 *     {@value SystemTimer#SAMPLES} calls, 0 without calls
 */
public record SystemTiming(long calls, long meanNanos, long p99Nanos) {

    /** No calls yet. */
    public static final SystemTiming NONE = new SystemTiming(0, 0, 0);
}
