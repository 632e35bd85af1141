package io.orrery.transport.record;

import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.Twist;
import io.orrery.physics.WorldView;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The physical state at one step, reduced to 64-bit hashes of the raw bits of its doubles: one entry per link (pose
 * and velocity) and one per model with joints (every joint's position and velocity), in a fixed order (models in load
 * order, then their links, then their joints), and the world's hash over the entries. Each step of the hash is a
 * bijection of the running value, so a change to any one double always changes its entry and the world's hash.
 *
 * @param world the world's hash
 * @param entries each entry's hash
 * @param names each entry's name: {@code model/link}, or {@code model (joints)}
 */
record StateHash(long world, long[] entries, List<String> names) {

    /** The hash of {@code world} now. */
    static StateHash of(WorldView world) {
        List<String> names = new ArrayList<>();
        long[] entries = new long[16];
        int n = 0;
        for (ModelState m : world.models()) {
            for (LinkState l : m.links()) {
                entries = grown(entries, n);
                entries[n++] = link(l);
                names.add(m.name() + "/" + l.name());
            }
            if (!m.joints().isEmpty()) {
                entries = grown(entries, n);
                entries[n++] = joints(m.joints());
                names.add(m.name() + " (joints)");
            }
        }
        long[] exact = Arrays.copyOf(entries, n);
        long h = SEED;
        for (long e : exact) {
            h = mix(h, e);
        }
        return new StateHash(h, exact, names);
    }

    /** The index of the first entry that differs between {@code a} and {@code b}, or -1 when none does. */
    static int firstDifferent(long[] a, long[] b) {
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (a[i] != b[i]) {
                return i;
            }
        }
        return a.length == b.length ? -1 : Math.min(a.length, b.length);
    }

    private static final long SEED = 0x6F72726572795FL; // "orrery_"

    private static long[] grown(long[] a, int n) {
        return n < a.length ? a : Arrays.copyOf(a, a.length * 2);
    }

    private static long link(LinkState l) {
        Pose p = l.pose();
        Twist v = l.velocity();
        long h = SEED;
        h = mix(h, p.position().x());
        h = mix(h, p.position().y());
        h = mix(h, p.position().z());
        h = mix(h, p.rotation().w());
        h = mix(h, p.rotation().x());
        h = mix(h, p.rotation().y());
        h = mix(h, p.rotation().z());
        h = mix(h, v.linear().x());
        h = mix(h, v.linear().y());
        h = mix(h, v.linear().z());
        h = mix(h, v.angular().x());
        h = mix(h, v.angular().y());
        return mix(h, v.angular().z());
    }

    private static long joints(List<JointState> joints) {
        long h = SEED;
        for (JointState j : joints) {
            h = mix(h, j.position());
            h = mix(h, j.velocity());
            if (j.axis2() != null) {
                h = mix(h, j.axis2().position());
                h = mix(h, j.axis2().velocity());
            }
        }
        return h;
    }

    private static long mix(long h, double d) {
        return mix(h, Double.doubleToRawLongBits(d));
    }

    /** XOR the value in, then an odd multiply and an xorshift: each a bijection of the running hash. */
    private static long mix(long h, long bits) {
        long x = (h ^ bits) * 0x9E3779B97F4A7C15L;
        return x ^ (x >>> 31);
    }
}
