package io.orrery.control;

/**
 * Steele, Lea and Flood's SplitMix64: a 64-bit generator whose sequence depends on its seed only, the same on every
 * JVM. Each world has its own, so its resets draw the same states whatever other worlds do. Not thread-safe.
 */
final class SplitMix64 {

    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [low, high): 53 random bits. */
    double uniform(double low, double high) {
        double unit = (nextLong() >>> 11) * 0x1.0p-53;
        return low + (high - low) * unit;
    }
}
