package io.orrery.plugin;

import io.orrery.world.PluginSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hosts one loaded world's plugins: creates them from the {@link PluginRegistry}, wakes them in load order on
 * the calling thread, starts them in parallel on a bounded pool of daemon threads, tracks them with a
 * {@link PluginStartTracker}, and later resets, notifies and ends them.
 *
 * <p>Rules:
 * <ul>
 * <li>A filename nobody registered is not an Orrery plugin: it is logged as ignored and listed in
 *     {@link #ignored()}, so Gazebo systems in real worlds do not break loading (unless marked required).
 * <li>A plugin that needs a newer plugin API is refused before {@code awake}. A plugin whose {@code awake} or
 *     {@code start} throws is unloaded ({@code end} called, its exceptions logged) and marked
 *     {@link PluginState#FAILED} with the reason; loading goes on. If it was required ({@code required="true"}
 *     or named in {@link PluginHostOptions#required()}), {@link #startAll} throws a
 *     {@link PluginStartException} once every plugin has settled.
 * <li>Plugins are named by {@link OwnedPluginSpec#qualifiedName()}; a second live plugin of the same name is
 *     refused. A model removed and spawned again replaces its earlier entries. Commands are registered as
 *     {@code <qualified name>.<command>} while the plugin is started.
 * <li>Start order is undefined. Resets and events go to started plugins in load order; a reset that arrives
 *     while a plugin is still starting is delivered right after its start returns (see {@link Plugin#reset()}).
 *     Events are not queued: a plugin that is still starting reads the present from its snapshot.
 * <li>The expected sequence from the runner: {@link #startAll}, then {@code broadcast(WorldLoaded)}; on a reset,
 *     {@link #resetAll()} after the world was reset, then {@code broadcast(Reset)}; at unload {@link #endAll()}.
 * </ul>
 *
 * <p>Threads: every method except {@link #statuses()}, {@link #progress()}, {@link #command},
 * {@link #commandNames()} and {@link #ignored()} is meant for one thread, the runner's (plugin callbacks it
 * makes run on that thread); those five are safe from any thread.
 */
public final class PluginHost implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);

    private final PluginRegistry registry;
    private final List<OwnedPluginSpec> worldSpecs;
    private final WorldAccess world;
    private final EventSink events;
    private final PluginHostOptions options;
    private final PluginStartTracker tracker = new PluginStartTracker();
    private final List<HostedPlugin> plugins = new CopyOnWriteArrayList<>();
    private final List<OwnedPluginSpec> ignored = new CopyOnWriteArrayList<>();
    private final Map<String, PluginCommand> commands = new ConcurrentHashMap<>();
    private final List<PluginLifecycleListener> lifecycleListeners = new CopyOnWriteArrayList<>();
    private final Set<String> removedModels = new HashSet<>();
    private ExecutorService startPool;
    private boolean ended;

    /** A host for {@code specs} (see {@link OwnedPluginSpec#of}); nothing is created until {@link #startAll}. */
    public PluginHost(PluginRegistry registry, List<OwnedPluginSpec> specs, WorldAccess world, EventSink events,
            PluginHostOptions options) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.worldSpecs = List.copyOf(specs);
        this.world = Objects.requireNonNull(world, "world");
        this.events = Objects.requireNonNull(events, "events");
        this.options = Objects.requireNonNull(options, "options");
    }

    /** The start tracker, to add listeners before {@link #startAll}. */
    public PluginStartTracker tracker() {
        return tracker;
    }

    /** Adds a listener for started and ending plugins (the system manager). */
    public void addLifecycleListener(PluginLifecycleListener listener) {
        lifecycleListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Creates and wakes the world's plugins, starts them in parallel and waits until all have settled.
     *
     * @throws PluginStartException if a required plugin failed, or {@code timeout} passed first (the plugins
     *     still starting go on starting; {@link #endAll()} stops them)
     */
    public void startAll(Duration timeout) {
        beginStart();
        awaitStarted(timeout);
    }

    /**
     * The first half of {@link #startAll}: creates and wakes the plugins, binds the tracker and submits their
     * starts, then returns at once. The world's loader runs its initial reset between this and
     * {@link #awaitStarted}, so a plugin may see a reset before its start has finished.
     */
    public void beginStart() {
        if (startPool != null || ended) {
            throw new IllegalStateException("startAll may be called once, before endAll");
        }
        List<HostedPlugin> loaded = new ArrayList<>();
        for (OwnedPluginSpec spec : worldSpecs) {
            load(spec).ifPresent(loaded::add);
        }
        List<HostedPlugin> awake = pending(loaded);
        startPool = newStartPool(options.poolSize(awake.size()));
        tracker.bind(awake.stream().map(p -> p.name).toList());
        awake.forEach(this::submitStart);
    }

    /**
     * The second half of {@link #startAll}: waits until every plugin bound by {@link #beginStart} has settled.
     * Safe to call from a thread other than the one that began the start.
     *
     * @throws PluginStartException if a required plugin failed, or {@code timeout} passed first
     */
    public void awaitStarted(Duration timeout) {
        if (startPool == null) {
            throw new IllegalStateException("beginStart has not been called");
        }
        try {
            tracker.await(timeout);
        } catch (TimeoutException e) {
            throw new PluginStartException(e.getMessage() + requiredFailureSuffix(), requiredFailures());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PluginStartException("interrupted while waiting for plugins to start", requiredFailures());
        }
        List<PluginStatus> failures = requiredFailures();
        if (!failures.isEmpty()) {
            throw new PluginStartException(failures.stream().map(PluginHost::requiredFailure)
                    .collect(Collectors.joining("; ")), failures);
        }
    }

    /**
     * Creates, wakes and starts the plugins of a model spawned at runtime; they are tracked without rebinding.
     * Returns at once; the future completes with their statuses once all have settled. A required one that
     * fails is logged as an error: the world is already running.
     */
    public CompletableFuture<List<PluginStatus>> addModelPlugins(String modelName, List<PluginSpec> specs) {
        if (startPool == null || ended) {
            throw new IllegalStateException("model plugins can be added only after startAll and before endAll");
        }
        PluginOwner owner = PluginOwner.model(modelName);
        if (removedModels.remove(modelName)) {
            // The model is spawned again: its plugins replace the settled entries of its previous life.
            plugins.removeIf(p -> p.owned.owner().equals(owner) && !p.isLive());
        }
        List<HostedPlugin> added = new ArrayList<>();
        for (PluginSpec spec : specs) {
            load(new OwnedPluginSpec(owner, spec)).ifPresent(added::add);
        }
        List<HostedPlugin> awake = pending(added);
        awake.forEach(p -> tracker.add(p.name));
        awake.forEach(this::submitStart);
        CompletableFuture<?>[] settled = added.stream().map(p -> p.settled).toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(settled).thenApply(v -> added.stream().map(p -> p.status).toList());
    }

    /** Ends the plugins of a removed model, last loaded first; their state becomes ENDED. */
    public List<PluginError> removeModelPlugins(String modelName) {
        PluginOwner owner = PluginOwner.model(modelName);
        removedModels.add(modelName);
        List<HostedPlugin> owned = new ArrayList<>(plugins.stream()
                .filter(p -> p.owned.owner().equals(owner) && p.isLive()).toList());
        Collections.reverse(owned);
        List<PluginError> errors = new ArrayList<>();
        owned.forEach(p -> end(p).ifPresent(errors::add));
        return errors;
    }

    /**
     * Resets every started plugin in load order; a reset that throws is logged and returned, and the others
     * still run. Plugins still starting get their reset once their start returns.
     */
    public List<PluginError> resetAll() {
        List<PluginError> errors = new ArrayList<>();
        for (HostedPlugin p : plugins) {
            boolean now;
            synchronized (p) {
                now = p.state() == PluginState.STARTED;
                if (p.state() == PluginState.PENDING || p.state() == PluginState.STARTING) {
                    p.resetPending = true;
                }
            }
            if (now) {
                call(p, "reset", p.plugin::reset).ifPresent(errors::add);
            }
        }
        return errors;
    }

    /** Sends {@code event} to every started plugin in load order; one that throws is logged and returned. */
    public List<PluginError> broadcast(PluginEvent event) {
        Objects.requireNonNull(event, "event");
        List<PluginError> errors = new ArrayList<>();
        for (HostedPlugin p : plugins) {
            if (p.state() == PluginState.STARTED) {
                call(p, "onEvent(" + event + ")", () -> p.plugin.onEvent(event)).ifPresent(errors::add);
            }
        }
        return errors;
    }

    /**
     * Ends every plugin, last loaded first, and stops the start threads (interrupting starts still running;
     * those plugins end as soon as their start returns).
     */
    public List<PluginError> endAll() {
        ended = true;
        List<HostedPlugin> all = new ArrayList<>(plugins);
        Collections.reverse(all);
        List<PluginError> errors = new ArrayList<>();
        all.stream().filter(HostedPlugin::isLive).forEach(p -> end(p).ifPresent(errors::add));
        if (startPool != null) {
            startPool.shutdownNow();
        }
        return errors;
    }

    /** Same as {@link #endAll()}, errors logged. */
    @Override
    public void close() {
        endAll();
    }

    /** Every hosted plugin's status, in load order (not-provided filenames are in {@link #ignored()}). */
    public List<PluginStatus> statuses() {
        return plugins.stream().map(p -> p.status).toList();
    }

    /** The plugin start progress. */
    public StartProgress progress() {
        return tracker.progress();
    }

    /** The command registered as {@code <qualified plugin name>.<command>}, while its plugin is started. */
    public Optional<PluginCommand> command(String qualifiedName) {
        return Optional.ofNullable(commands.get(qualifiedName));
    }

    /** The registered command names, sorted. */
    public Set<String> commandNames() {
        return Set.copyOf(new TreeSet<>(commands.keySet()));
    }

    /** Plugin elements whose filename is not an Orrery plugin, in load order. */
    public List<OwnedPluginSpec> ignored() {
        return List.copyOf(ignored);
    }

    // ---- loading ----

    /** Creates and wakes one plugin on this thread; empty when its filename is not an Orrery plugin. */
    private Optional<HostedPlugin> load(OwnedPluginSpec owned) {
        String name = owned.qualifiedName();
        String filename = owned.spec().filename();
        boolean required = owned.spec().required() || options.required().contains(name)
                || options.required().contains(owned.spec().name());
        PluginStatus status = new PluginStatus(name, filename, owned.owner(), PluginState.PENDING,
                Optional.empty(), Optional.empty(), required);
        Optional<PluginFactory> factory = registry.lookup(filename);
        if (factory.isEmpty()) {
            if (!required) {
                ignored.add(owned);
                log.info("ignoring plugin '{}' (filename '{}', {}): not an Orrery plugin", name, filename,
                        owned.owner());
                return Optional.empty();
            }
            return Optional.of(refuse(owned, status, "filename '" + filename + "' is not an Orrery plugin"));
        }
        if (plugins.stream().anyMatch(p -> p.name.equals(name) && p.isLive())) {
            return Optional.of(refuse(owned, status, "another live plugin is already named '" + name + "'"));
        }
        Plugin plugin;
        try {
            plugin = Objects.requireNonNull(factory.get().create(owned.spec()), "the factory returned null");
        } catch (Throwable e) {
            rethrowIfFatal(e);
            return Optional.of(refuse(owned, status, "could not be created: " + describe(e)));
        }
        int needed = plugin.requiredApiVersion();
        if (needed > PluginApi.VERSION) {
            return Optional.of(refuse(owned, status, "plugin '" + name + "' (type " + filename + ") needs plugin API "
                    + needed + ", this Orrery provides " + PluginApi.VERSION));
        }
        HostedPlugin hosted = new HostedPlugin(owned, plugin, new HostedContext(owned, world, events), status);
        plugins.add(hosted);
        try {
            plugin.awake(hosted.context);
        } catch (Throwable e) {
            rethrowIfFatal(e);
            unload(hosted, "awake failed: " + describe(e));
            return Optional.of(hosted);
        }
        return Optional.of(hosted);
    }

    /** A plugin that never got an object or was refused before awake: FAILED, nothing to end. */
    private HostedPlugin refuse(OwnedPluginSpec owned, PluginStatus status, String reason) {
        HostedPlugin hosted = new HostedPlugin(owned, null, null, status.failed(reason));
        plugins.add(hosted);
        logFailure(hosted.status);
        hosted.settled.complete(hosted.status);
        return hosted;
    }

    // ---- starting ----

    /** The plugins that woke up and wait for a start thread (refused and failed ones are not tracked). */
    private static List<HostedPlugin> pending(List<HostedPlugin> loaded) {
        return loaded.stream().filter(p -> p.state() == PluginState.PENDING).toList();
    }

    private void submitStart(HostedPlugin p) {
        if (p.state() != PluginState.PENDING) {
            return;
        }
        try {
            startPool.execute(() -> runStart(p));
        } catch (RejectedExecutionException e) {
            unload(p, "the host ended before the plugin could start");
        }
    }

    private void runStart(HostedPlugin p) {
        synchronized (p) {
            if (p.state() != PluginState.PENDING || p.endRequested) {
                return;
            }
            p.status = p.status.with(PluginState.STARTING);
        }
        try {
            p.plugin.start(p.context);
        } catch (Throwable e) {
            rethrowIfFatal(e);
            unload(p, "start failed: " + describe(e));
            return;
        }
        while (true) {
            synchronized (p) {
                if (p.endRequested) {
                    break;
                }
                if (!p.resetPending) {
                    markStarted(p);
                    break;
                }
                p.resetPending = false;
            }
            call(p, "reset", p.plugin::reset);
        }
        boolean endNow;
        synchronized (p) {
            endNow = p.endRequested && p.state() == PluginState.STARTING;
        }
        if (endNow) {
            finishEnd(p, false);
        }
        p.settled.complete(p.status);
    }

    /** Under the plugin's lock: registers its commands and counts it as started. */
    private void markStarted(HostedPlugin p) {
        List<String> names = new ArrayList<>();
        Map<String, PluginCommand> exposed;
        try {
            exposed = p.plugin.commands();
        } catch (RuntimeException e) {
            log.warn("plugin '{}' failed to list its commands; it exposes none", p.name, e);
            exposed = Map.of();
        }
        exposed.forEach((command, handler) -> {
            String qualified = p.name + "." + command;
            if (commands.putIfAbsent(qualified, handler) == null) {
                names.add(qualified);
            } else {
                log.warn("plugin command '{}' is already registered; plugin '{}' keeps the first", qualified, p.name);
            }
        });
        p.commandNames = List.copyOf(names);
        p.status = p.status.started(options.clock().instant());
        log.info("plugin '{}' ({}) started", p.name, p.status.filename());
        tracker.started(p.name);
        lifecycleListeners.forEach(l -> l.pluginStarted(p.status, p.plugin));
    }

    // ---- ending ----

    /** Ends a live plugin now, or asks its start thread to end it once start returns. */
    private Optional<PluginError> end(HostedPlugin p) {
        boolean endNow;
        boolean wasStarted;
        synchronized (p) {
            if (!p.isLive() || p.endRequested) {
                return Optional.empty();
            }
            p.endRequested = true;
            wasStarted = p.state() == PluginState.STARTED;
            endNow = p.state() != PluginState.STARTING;
            if (wasStarted) {
                p.commandNames.forEach(commands::remove);
                lifecycleListeners.forEach(l -> l.pluginEnding(p.status, p.plugin));
            }
        }
        return endNow ? finishEnd(p, true) : Optional.empty();
    }

    /** Calls {@code end} and marks the plugin ENDED. */
    private Optional<PluginError> finishEnd(HostedPlugin p, boolean completeSettled) {
        Optional<PluginError> error = call(p, "end", p.plugin::end);
        synchronized (p) {
            p.status = p.status.with(PluginState.ENDED);
            tracker.removed(p.name);
        }
        log.info("plugin '{}' ended", p.name);
        if (completeSettled) {
            p.settled.complete(p.status);
        }
        return error;
    }

    /** A plugin that failed in awake or start: end it (errors logged), mark it FAILED, stop counting it. */
    private void unload(HostedPlugin p, String reason) {
        call(p, "end", p.plugin::end);
        synchronized (p) {
            p.status = p.endRequested ? p.status.with(PluginState.ENDED) : p.status.failed(reason);
            tracker.failed(p.name);
        }
        logFailure(p.status);
        p.settled.complete(p.status);
    }

    // ---- helpers ----

    /** Runs a plugin callback, logging and returning what it threw. */
    private static Optional<PluginError> call(HostedPlugin p, String phase, Runnable callback) {
        try {
            callback.run();
            return Optional.empty();
        } catch (Throwable e) {
            rethrowIfFatal(e);
            PluginError error = new PluginError(p.name, phase, e);
            log.warn(error.message(), e);
            return Optional.of(error);
        }
    }

    private List<PluginStatus> requiredFailures() {
        return statuses().stream().filter(s -> s.required() && s.state() == PluginState.FAILED).toList();
    }

    private String requiredFailureSuffix() {
        return requiredFailures().stream().map(s -> "; " + requiredFailure(s)).collect(Collectors.joining());
    }

    private static String requiredFailure(PluginStatus s) {
        return "required plugin '" + s.name() + "' (" + s.filename() + ") failed to start: " + s.error().orElse("?");
    }

    private static void logFailure(PluginStatus s) {
        if (s.state() != PluginState.FAILED) {
            return;
        }
        if (s.required()) {
            log.error("required plugin '{}' ({}, {}) failed: {}", s.name(), s.filename(), s.owner(),
                    s.error().orElse("?"));
        } else {
            log.warn("plugin '{}' ({}, {}) failed and was unloaded: {}", s.name(), s.filename(), s.owner(),
                    s.error().orElse("?"));
        }
    }

    /** A throwable as a short reason: its message, or its class when it has none. */
    static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    private static void rethrowIfFatal(Throwable e) {
        if (e instanceof VirtualMachineError fatal) {
            throw fatal;
        }
    }

    private static ExecutorService newStartPool(int threads) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "orrery-plugin-start-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), factory);
        // Idle start threads go away: starts happen at load and when models are spawned.
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
