package io.orrery.system;

import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * The registry of systems and the runner of their phases (Gazebo Sim's {@code SystemManager}).
 *
 * <p>Order: within every phase, smaller priority first; equal priorities in the order the systems were added.
 * A system's priority is the one given at {@link #add(Object, OptionalInt)} (a world's priority element), else
 * its own ({@link Prioritized}), else {@link Priorities#DEFAULT}.
 *
 * <p>Timing: every call of a system is timed with one clock read after it (and one per phase before the first),
 * into fixed arrays; once a second of the manager's clock has passed, the window is summarized into the
 * {@link #report()}, which any thread may read.
 *
 * <p>Reset rule: every system must either implement {@link Reset} or be marked {@link Stateless}; a system that
 * is neither could keep state from before the reset, so {@link #runReset} refuses and names it.
 *
 * <p>Errors: what a system throws reaches the caller as a {@link SystemException} naming the system and the
 * phase. In sequence the phase stops at the failing system; parallel PostUpdate systems all finish first.
 *
 * <p>Threads: add, remove and the run methods are called from one thread, the runner's, between steps. The
 * run methods iterate arrays sorted when the set of systems changes, so a step allocates nothing. {@link #list}
 * may be called from any thread. Parallel PostUpdate systems run on pool threads while the runner's waits; what they
 * hand back to it ({@link #afterPostUpdateRound}) runs on it once all have finished, in the serial order.
 */
public final class SystemManager implements AutoCloseable {

    private static final PreUpdate[] NO_PRE_UPDATES = {};
    private static final Update[] NO_UPDATES = {};
    private static final PostUpdate[] NO_POST_UPDATES = {};
    private static final Reset[] NO_RESETS = {};
    private static final String[] NO_NAMES = {};

    private final boolean parallelPostUpdate;
    private final int maxPostUpdateThreads;
    private final List<Registration> registrations = new ArrayList<>();

    // Rebuilt on every change, in run order; names[i] names systems[i].
    private PreUpdate[] preUpdates = NO_PRE_UPDATES;
    private String[] preUpdateNames = NO_NAMES;
    private Update[] updates = NO_UPDATES;
    private String[] updateNames = NO_NAMES;
    private PostUpdate[] postUpdates = NO_POST_UPDATES;
    private String[] postUpdateNames = NO_NAMES;
    private Reset[] resets = NO_RESETS;
    private String[] resetNames = NO_NAMES;
    private volatile List<SystemInfo> listing = List.of();

    private final LongSupplier clock;
    private final SystemTimings timings = new SystemTimings();
    /** Per-call durations from the PostUpdate threads, by index; read after their round, under its lock. */
    private long[] parallelDurations = new long[0];

    private PostUpdatePool pool;
    private ReadOnlyWorldView view;
    private boolean closed;

    /** A manager that runs PostUpdate systems one after another on the calling thread. */
    public SystemManager() {
        this(false);
    }

    /**
     * A manager that, with {@code parallelPostUpdate}, runs PostUpdate systems in parallel on a pool of daemon
     * threads: no more threads than PostUpdate systems, nor than available processors.
     */
    public SystemManager(boolean parallelPostUpdate) {
        this(parallelPostUpdate, Runtime.getRuntime().availableProcessors());
    }

    SystemManager(boolean parallelPostUpdate, int maxPostUpdateThreads) {
        this(parallelPostUpdate, maxPostUpdateThreads, System::nanoTime);
    }

    /** A manager whose timings read {@code clock} (monotonic nanoseconds), for tests. */
    SystemManager(boolean parallelPostUpdate, int maxPostUpdateThreads, LongSupplier clock) {
        if (maxPostUpdateThreads < 1) {
            throw new IllegalArgumentException("maxPostUpdateThreads must be >= 1, got " + maxPostUpdateThreads);
        }
        this.parallelPostUpdate = parallelPostUpdate;
        this.maxPostUpdateThreads = maxPostUpdateThreads;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Adds a system at its own priority (see the class comment). */
    public void add(Object system) {
        add(system, OptionalInt.empty());
    }

    /**
     * Adds a system, at {@code priority} if present. Throws if it implements none of PreUpdate, Update,
     * PostUpdate and Reset, or if it is already registered.
     */
    public void add(Object system, OptionalInt priority) {
        add(system, priority, "given", SystemOrigin.code());
    }

    /**
     * Adds a system made by {@code origin}, at {@code priority} if present, which came from {@code source} (for
     * listings, e.g. {@code <gz:system_priority>}). Throws as {@link #add(Object, OptionalInt)} does.
     */
    public void add(Object system, OptionalInt priority, String source, SystemOrigin origin) {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(origin, "origin");
        requireOpen();
        if (indexOf(system) >= 0) {
            throw new IllegalArgumentException(
                    "system '" + registrations.get(indexOf(system)).name() + "' is already registered");
        }
        Set<Phase> phases = SystemKinds.phasesOf(system);
        if (phases.isEmpty()) {
            throw new IllegalArgumentException(
                    "'" + nameOf(system) + "' (" + system.getClass().getName()
                            + ") is not a system: it implements none of PreUpdate, Update, PostUpdate, Reset");
        }
        int effective;
        String from;
        if (priority.isPresent()) {
            effective = priority.getAsInt();
            from = source;
        } else if (system instanceof Prioritized own) {
            effective = own.priority();
            from = "Prioritized";
        } else {
            effective = Priorities.DEFAULT;
            from = "default";
        }
        // A bean or a plugin is better known by its bean or instance name than by its class's (a lambda's is noise).
        boolean named = origin.kind() == SystemOrigin.Kind.SPRING_BEAN || origin.kind() == SystemOrigin.Kind.PLUGIN;
        String name =
                named && !(system instanceof NamedSystem) && !origin.name().isEmpty() ? origin.name() : nameOf(system);
        registrations.add(new Registration(
                system, new SystemInfo(name, effective, from, origin, phases, system instanceof Stateless)));
        rebuild();
    }

    /** Removes a system; returns false if it was not registered. */
    public boolean remove(Object system) {
        requireOpen();
        int index = indexOf(system);
        if (index < 0) {
            return false;
        }
        registrations.remove(index);
        rebuild();
        return true;
    }

    /** Runs every PreUpdate system in order. */
    public void runPreUpdate(UpdateInfo info, PhysicsWorld world) {
        PreUpdate[] systems = preUpdates;
        SystemTimer times = timings.preUpdate();
        long tick = clock.getAsLong();
        for (int i = 0; i < systems.length; i++) {
            try {
                systems[i].preUpdate(info, world);
            } catch (Throwable t) {
                throw wrap(preUpdateNames[i], Phase.PRE_UPDATE, t);
            }
            long now = clock.getAsLong();
            times.record(i, now - tick);
            tick = now;
        }
        timings.ticked(tick);
    }

    /** Runs every Update system in order; physics is one of them. */
    public void runUpdate(UpdateInfo info, PhysicsWorld world) {
        Update[] systems = updates;
        SystemTimer times = timings.update();
        long tick = clock.getAsLong();
        for (int i = 0; i < systems.length; i++) {
            try {
                systems[i].update(info, world);
            } catch (Throwable t) {
                throw wrap(updateNames[i], Phase.UPDATE, t);
            }
            long now = clock.getAsLong();
            times.record(i, now - tick);
            tick = now;
        }
        timings.ticked(tick);
    }

    /**
     * Runs every PostUpdate system with a read-only view of {@code world} (a {@link PhysicsWorld} passed here
     * is wrapped, never handed out). In parallel mode returns once all have finished.
     */
    public void runPostUpdate(UpdateInfo info, WorldView world) {
        PostUpdate[] systems = postUpdates;
        if (systems.length == 0) {
            return;
        }
        requireOpen();
        boolean inParallel = parallelPostUpdate && systems.length > 1 && maxPostUpdateThreads > 1;
        WorldView readOnly = viewOf(world, inParallel);
        SystemTimer times = timings.postUpdate();
        if (!inParallel) {
            long tick = clock.getAsLong();
            for (int i = 0; i < systems.length; i++) {
                try {
                    systems[i].postUpdate(info, readOnly);
                } catch (Throwable t) {
                    throw wrap(postUpdateNames[i], Phase.POST_UPDATE, t);
                }
                long now = clock.getAsLong();
                times.record(i, now - tick);
                tick = now;
            }
            timings.ticked(tick);
            return;
        }
        if (pool == null) {
            pool = new PostUpdatePool(Math.min(systems.length, maxPostUpdateThreads));
        }
        if (parallelDurations.length != systems.length) {
            parallelDurations = new long[systems.length];
        }
        Throwable[] failures = pool.runRound(systems, info, readOnly, parallelDurations);
        pool.runDeferred();
        for (int i = 0; i < systems.length; i++) {
            times.record(i, parallelDurations[i]);
        }
        timings.ticked(clock.getAsLong());
        SystemException first = null;
        for (int i = 0; i < systems.length; i++) {
            if (failures[i] == null) {
                continue;
            }
            if (failures[i] instanceof VirtualMachineError error) {
                throw error;
            }
            SystemException failure = new SystemException(postUpdateNames[i], Phase.POST_UPDATE, failures[i]);
            if (first == null) {
                first = failure;
            } else {
                first.addSuppressed(failure);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * When the calling thread runs a PostUpdate system of this manager's parallel round (a pool thread): queues
     * {@code action} for the thread that runs the round, to run once every system of the round has finished, in the
     * order the serial mode would have run it (by system in run order, then in the order queued); the future
     * completes once it has run. Empty on any other thread. A message a system publishes from a pool thread is
     * delivered this way: in the step that published it, in the serial mode's order.
     */
    public Optional<CompletableFuture<Void>> afterPostUpdateRound(Runnable action) {
        PostUpdatePool p = pool;
        return p == null ? Optional.empty() : Optional.ofNullable(p.defer(action));
    }

    /**
     * When the calling thread runs a PostUpdate system of this manager's parallel round: the read-only view the
     * round's systems share (its reads are serialized), for reading the world on that thread while the runner's
     * waits; empty on any other thread.
     */
    public Optional<WorldView> postUpdateView() {
        PostUpdatePool p = pool;
        return p != null && p.isRunningSystem() ? Optional.of(view) : Optional.empty();
    }

    /**
     * Resets every Reset system in order. Refuses, before touching any, when a system supports no reset
     * (see {@link #systemsNotSupportingReset()}).
     */
    public void runReset(UpdateInfo info, PhysicsWorld world) {
        List<String> unsupported = systemsNotSupportingReset();
        if (!unsupported.isEmpty()) {
            throw new IllegalStateException("cannot reset: these systems neither implement Reset nor are "
                    + "marked Stateless: " + String.join(", ", unsupported));
        }
        Reset[] systems = resets;
        SystemTimer times = timings.reset();
        long tick = clock.getAsLong();
        for (int i = 0; i < systems.length; i++) {
            try {
                systems[i].reset(info, world);
            } catch (Throwable t) {
                throw wrap(resetNames[i], Phase.RESET, t);
            }
            long now = clock.getAsLong();
            times.record(i, now - tick);
            tick = now;
        }
        timings.ticked(tick);
    }

    /**
     * Seeds every {@link Seeded} system in run order with {@code seedOf} applied to it: before the first step and at
     * every reset.
     */
    public void runSeed(ToLongFunction<Object> seedOf) {
        for (Registration r : registrations) {
            if (r.system() instanceof Seeded s) {
                s.seed(seedOf.applyAsLong(r.system()));
            }
        }
    }

    /** Names of the systems that neither implement {@link Reset} nor are marked {@link Stateless}, in run order. */
    public List<String> systemsNotSupportingReset() {
        return listing.stream()
                .filter(s -> !s.supportsReset())
                .map(SystemInfo::name)
                .toList();
    }

    /** The registered systems in priority order, for display; safe to call from any thread. */
    public List<SystemInfo> list() {
        return listing;
    }

    /**
     * Every phase's systems in execution order with their timings over the last closed window; safe to call from
     * any thread (it reads what the runner thread published).
     */
    public SystemsReport report() {
        return timings.report();
    }

    /** Stops the PostUpdate threads; the manager cannot be used afterwards. */
    @Override
    public void close() {
        closed = true;
        closePool();
    }

    /** The name a system goes by in messages: its {@link NamedSystem} name, else its class name. */
    public static String nameOf(Object system) {
        return SystemKinds.nameOf(system);
    }

    private WorldView viewOf(WorldView world, boolean serialized) {
        Objects.requireNonNull(world, "world");
        // One view per world, made when the world or the mode changes, not per step.
        if (view == null || !view.isViewOf(world) || view.isSerialized() != serialized) {
            view = serialized ? ReadOnlyWorldView.serialized(world) : ReadOnlyWorldView.of(world);
        }
        return view;
    }

    private void rebuild() {
        List<Registration> ordered = new ArrayList<>(registrations);
        ordered.sort((a, b) -> Integer.compare(a.priority(), b.priority())); // stable: ties keep load order
        List<PreUpdate> pre = new ArrayList<>();
        List<String> preNames = new ArrayList<>();
        List<Update> upd = new ArrayList<>();
        List<String> updNames = new ArrayList<>();
        List<PostUpdate> post = new ArrayList<>();
        List<String> postNames = new ArrayList<>();
        List<Reset> res = new ArrayList<>();
        List<String> resNames = new ArrayList<>();
        List<SystemInfo> infos = new ArrayList<>();
        for (Registration r : ordered) {
            if (r.system() instanceof PreUpdate s) {
                pre.add(s);
                preNames.add(r.name());
            }
            if (r.system() instanceof Update s) {
                upd.add(s);
                updNames.add(r.name());
            }
            if (r.system() instanceof PostUpdate s) {
                post.add(s);
                postNames.add(r.name());
            }
            if (r.system() instanceof Reset s) {
                res.add(s);
                resNames.add(r.name());
            }
            infos.add(r.info());
        }
        preUpdates = pre.toArray(NO_PRE_UPDATES);
        preUpdateNames = preNames.toArray(NO_NAMES);
        updates = upd.toArray(NO_UPDATES);
        updateNames = updNames.toArray(NO_NAMES);
        postUpdates = post.toArray(NO_POST_UPDATES);
        postUpdateNames = postNames.toArray(NO_NAMES);
        resets = res.toArray(NO_RESETS);
        resetNames = resNames.toArray(NO_NAMES);
        listing = List.copyOf(infos);
        timings.systemsChanged(listing);
        // The pool is sized for the PostUpdate systems; a new size means a new pool, made on first use.
        if (pool != null && pool.size() != Math.min(postUpdates.length, maxPostUpdateThreads)) {
            closePool();
        }
    }

    private void closePool() {
        if (pool != null) {
            pool.close();
            pool = null;
        }
    }

    private int indexOf(Object system) {
        for (int i = 0; i < registrations.size(); i++) {
            if (registrations.get(i).system() == system) {
                return i;
            }
        }
        return -1;
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the system manager is closed");
        }
    }

    private static RuntimeException wrap(String name, Phase phase, Throwable t) {
        if (t instanceof VirtualMachineError error) {
            throw error; // the JVM is in trouble; naming the system would not help
        }
        return new SystemException(name, phase, t);
    }

    private record Registration(Object system, SystemInfo info) {

        String name() {
            return info.name();
        }

        int priority() {
            return info.priority();
        }
    }
}
