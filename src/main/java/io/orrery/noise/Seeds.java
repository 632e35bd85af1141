package io.orrery.noise;

import java.nio.charset.StandardCharsets;

/**
 * Seeds for noise generators: the run's seed ({@code orrery.seed}) combined with a stream's name (a sensor's scoped
 * name and channel), so each stream is reproducible and adding a sensor changes no other sensor's noise.
 */
public final class Seeds {

    private Seeds() {}

    /** The seed of the stream {@code name} under the run's {@code seed}. */
    public static long of(long seed, String name) {
        long hash = 0xcbf29ce484222325L; // FNV-1a, 64 bits
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return mix(seed ^ mix(hash));
    }

    /** SplitMix64's finalizer: every input bit affects every output bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
