package io.orrery.transport.record;

import io.orrery.physics.StateVisitor;
import io.orrery.physics.WorldView;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The physical state at one step, reduced to 64-bit hashes of the raw bits of its doubles: one entry per link (its
 * body's pose and velocity) and one per model with joints (every joint's position and velocity), in a fixed order
 * (models in load order, then their links, then their joints), and the world's hash over the entries. Each step of the
 * hash is a bijection of the running value, so a change to any one double always changes its entry and the world's.
 *
 * <p>Read through {@link WorldView#visitState}, straight from the engine's bodies: no state records are built, and
 * the entries' names are built only when the layout changed (a model or link came or went), which is seen from the
 * names' identities. A model whose state has the version it had at the last hash, at the same place, keeps its entries
 * without its bodies being read ({@link StateVisitor#model(String, long)}). One instance is reused step after step on
 * the runner's thread; {@link #entries()} copies.
 */
final class StateHash implements StateVisitor {

    private static final long SEED = 0x6F72726572795FL; // "orrery_"
    /** Stands for the joints' entry of a model where a link's entry has the link's name. */
    private static final String JOINTS = " (joints)";

    private long[] entries = new long[16];
    private String[] models = new String[16];
    private String[] parts = new String[16];
    private int n;
    private int named = -1;
    private boolean layoutChanged = true;
    private List<String> names = List.of();

    /**
     * Per model, in visit order: the version, name and first entry its entries were hashed at, and how many it has. A
     * model at the same version, name and place keeps its entries where they are: its bodies are not read again.
     */
    private long[] versions = new long[16];

    private String[] modelNames = new String[16];
    private int[] starts = new int[16];
    private int[] counts = new int[16];
    private int k;
    private long kept;

    private String model;
    private long joints;
    private boolean hasJoints;
    private long world;

    /** Hashes {@code view} now, overwriting the last hash; returns this. */
    StateHash of(WorldView view) {
        return read(view, this);
    }

    /** As {@link #of}, reading every body whatever its version: what {@link #of} must give (for tests). */
    StateHash ofEveryBody(WorldView view) {
        return read(view, new StateVisitor() {
            @Override
            public void model(String name) {
                StateHash.this.model(name);
            }

            @Override
            public void link(String name, Pose pose, Vec3 linear, Vec3 angular) {
                StateHash.this.link(name, pose, linear, angular);
            }

            @Override
            public void joint(double position, double velocity) {
                StateHash.this.joint(position, velocity);
            }
        });
    }

    /** Models kept from an earlier hash, their bodies not read, since this hash was made (for tests). */
    long kept() {
        return kept;
    }

    private StateHash read(WorldView view, StateVisitor visitor) {
        n = 0;
        k = -1;
        model = null;
        view.visitState(visitor);
        closeModel();
        if (n != named) {
            layoutChanged = true;
            named = n;
        }
        long h = SEED;
        for (int i = 0; i < n; i++) {
            h = mix(h, entries[i]);
        }
        world = h;
        return this;
    }

    /** The world's hash. */
    long world() {
        return world;
    }

    /** The number of entries. */
    int size() {
        return n;
    }

    /** Copies each entry's hash into {@code into} from {@code at}. */
    void copyEntries(long[] into, int at) {
        System.arraycopy(entries, 0, into, at, n);
    }

    /** A copy of each entry's hash. */
    long[] entries() {
        return Arrays.copyOf(entries, n);
    }

    /**
     * Each entry's name: {@code model/link}, or {@code model (joints)}; the same list instance for as long as the
     * names stay the same.
     */
    List<String> names() {
        if (layoutChanged) {
            List<String> now = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                now.add(parts[i] == JOINTS ? models[i] + JOINTS : models[i] + "/" + parts[i]);
            }
            if (!now.equals(names)) {
                names = List.copyOf(now);
            }
            layoutChanged = false;
        }
        return names;
    }

    @Override
    public void model(String name) {
        model(name, -1);
    }

    @Override
    public boolean model(String name, long version) {
        closeModel();
        k++;
        if (k == versions.length) {
            versions = Arrays.copyOf(versions, 2 * k);
            modelNames = Arrays.copyOf(modelNames, 2 * k);
            starts = Arrays.copyOf(starts, 2 * k);
            counts = Arrays.copyOf(counts, 2 * k);
        }
        if (version != -1 && versions[k] == version && modelNames[k] == name && starts[k] == n) {
            n += counts[k]; // its entries and their names are in place from the last hash
            model = null;
            kept++;
            return false;
        }
        versions[k] = version;
        modelNames[k] = name;
        starts[k] = n;
        model = name;
        joints = SEED;
        hasJoints = false;
        return true;
    }

    @Override
    public void link(String name, Pose pose, Vec3 linear, Vec3 angular) {
        long h = SEED;
        h = mix(h, pose.position().x());
        h = mix(h, pose.position().y());
        h = mix(h, pose.position().z());
        h = mix(h, pose.rotation().w());
        h = mix(h, pose.rotation().x());
        h = mix(h, pose.rotation().y());
        h = mix(h, pose.rotation().z());
        h = mix(h, linear.x());
        h = mix(h, linear.y());
        h = mix(h, linear.z());
        h = mix(h, angular.x());
        h = mix(h, angular.y());
        add(mix(h, angular.z()), name);
    }

    @Override
    public void joint(double position, double velocity) {
        joints = mix(mix(joints, position), velocity);
        hasJoints = true;
    }

    private void closeModel() {
        if (model != null) {
            if (hasJoints) {
                add(joints, JOINTS);
            }
            counts[k] = n - starts[k];
        }
        hasJoints = false;
    }

    private void add(long hash, String part) {
        if (n == entries.length) {
            entries = Arrays.copyOf(entries, 2 * n);
            models = Arrays.copyOf(models, 2 * n);
            parts = Arrays.copyOf(parts, 2 * n);
        }
        entries[n] = hash;
        if (models[n] != model || parts[n] != part) { // a name of another identity: build the names again
            models[n] = model;
            parts[n] = part;
            layoutChanged = true;
        }
        n++;
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

    private static long mix(long h, double d) {
        return mix(h, Double.doubleToRawLongBits(d));
    }

    /** XOR the value in, then an odd multiply and an xorshift: each a bijection of the running hash. */
    private static long mix(long h, long bits) {
        long x = (h ^ bits) * 0x9E3779B97F4A7C15L;
        return x ^ (x >>> 31);
    }
}
