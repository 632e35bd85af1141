package io.orrery.plugin.internal;

import io.orrery.event.EventSink;
import io.orrery.plugin.HostedPlugins;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginCommand;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginOwner;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginStartException;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.StartProgress;
import io.orrery.world.PluginSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Hosts one loaded world's plugins: creates them from the {@link PluginRegistry}, wakes them in load order on
 * the calling thread, starts them in parallel on a bounded pool of daemon threads, tracks them with a
 * {@link PluginStartTracker}, and later resets, notifies and ends them.
 *
 * <p>Rules:
 * <ul>
 * <li>A filename nobody registered is not an Orrery plugin: it is logged at WARN and listed in {@link #ignored()}
 *     and, as {@link PluginState#UNSUPPORTED}, in {@link #statuses()}, so a Gazebo system Orrery lacks neither
 *     breaks loading (unless marked required) nor goes unmentioned.
 * <li>A plugin that needs a newer plugin API is refused before {@code awake}. A plugin whose {@code awake} or
 *     {@code start} throws is unloaded ({@code end} called, its exceptions logged) and marked
 *     {@link PluginState#FAILED} with the reason; loading goes on. If it was required ({@code required="true"}
 *     or named in {@link PluginHostOptions#required()}), {@link #startAll} throws a
 *     {@link PluginStartException} once every plugin has settled.
 * <li>Plugins are named by {@link OwnedPluginSpec#qualifiedName()}: several elements of one name in one owner
 *     are numbered ({@code name}, {@code name#2}, ...), as Gazebo runs each; a second live plugin of the same
 *     qualified name from elsewhere (an always-on plugin and a world's) is refused. A model removed and spawned again replaces its earlier entries. Commands are registered as
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
 *
 * <p>The work is done by package-private parts, one concept each: {@link PluginLoader} (lookup, refusal, awake),
 * {@link PluginStarter} (the start pool, the tracker, the reset handshake), {@link PluginCommands} and
 * {@link PluginEnder}. This class holds what they share and keeps the rules above.
 */
public final class PluginHost implements HostedPlugins, AutoCloseable {

    private final List<OwnedPluginSpec> worldSpecs;
    private final PluginStartTracker tracker = new PluginStartTracker();
    /** Every created or refused plugin, in load order; copy-on-write because {@link #statuses()} reads any time. */
    private final List<HostedPlugin> plugins = new CopyOnWriteArrayList<>();

    private final List<PluginLifecycleListener> lifecycleListeners = new CopyOnWriteArrayList<>();
    private final PluginCommands commands = new PluginCommands();
    private final PluginEnder ender;
    private final PluginLoader loader;
    private final PluginStarter starter;
    private final Set<String> removedModels = new HashSet<>();
    private boolean ended;

    /** A host for {@code specs} (see {@link OwnedPluginSpec#of}); nothing is created until {@link #startAll}. */
    public PluginHost(
            PluginRegistry registry,
            List<OwnedPluginSpec> specs,
            WorldAccess world,
            EventSink events,
            PluginHostOptions options) {
        Objects.requireNonNull(registry, "registry");
        this.worldSpecs = List.copyOf(specs);
        Objects.requireNonNull(world, "world");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(options, "options");
        this.ender = new PluginEnder(tracker, commands, lifecycleListeners);
        this.loader = new PluginLoader(registry, world, events, options, plugins, ender);
        this.starter = new PluginStarter(tracker, options, commands, lifecycleListeners, ender);
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
        if (starter.begun() || ended) {
            throw new IllegalStateException("startAll may be called once, before endAll");
        }
        starter.startWorld(loader.loadAll(worldSpecs.stream()));
    }

    /**
     * The second half of {@link #startAll}: waits until every plugin bound by {@link #beginStart} has settled.
     * Safe to call from a thread other than the one that began the start.
     *
     * @throws PluginStartException if a required plugin failed, or {@code timeout} passed first
     */
    public void awaitStarted(Duration timeout) {
        if (!starter.begun()) {
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
            throw new PluginStartException(
                    failures.stream().map(PluginHost::requiredFailure).collect(Collectors.joining("; ")), failures);
        }
    }

    /**
     * Creates, wakes and starts the plugins of a model spawned at runtime; they are tracked without rebinding.
     * Returns at once; the future completes with their statuses once all have settled. A required one that
     * fails is logged as an error: the world is already running.
     */
    public CompletableFuture<List<PluginStatus>> addModelPlugins(String modelName, List<PluginSpec> specs) {
        return addModel(modelName, OwnedPluginSpec.numbered(PluginOwner.model(modelName), specs));
    }

    /**
     * As {@link #addModelPlugins}, for plugins already numbered and bound ({@link OwnedPluginSpec#ofModel}: the model
     * as read, each nested model's plugins bound to it).
     */
    public CompletableFuture<List<PluginStatus>> addModel(String modelName, List<OwnedPluginSpec> owned) {
        if (!starter.begun() || ended) {
            throw new IllegalStateException("model plugins can be added only after startAll and before endAll");
        }
        PluginOwner owner = PluginOwner.model(modelName);
        if (removedModels.remove(modelName)) {
            // The model is spawned again: its plugins replace the settled entries of its previous life.
            plugins.removeIf(p -> p.owned.owner().equals(owner) && !p.isLive());
        }
        List<HostedPlugin> added = loader.loadAll(owned.stream());
        starter.startAdded(added);
        CompletableFuture<?>[] settled = added.stream().map(p -> p.settled).toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(settled)
                .thenApply(v -> added.stream().map(p -> p.status).toList());
    }

    /** Ends the plugins of a removed model, last loaded first; their state becomes ENDED. */
    public List<PluginError> removeModelPlugins(String modelName) {
        PluginOwner owner = PluginOwner.model(modelName);
        removedModels.add(modelName);
        return ender.endLastFirst(
                plugins.stream().filter(p -> p.owned.owner().equals(owner)).toList());
    }

    /**
     * Resets every started plugin in load order; a reset that throws is logged and returned, and the others
     * still run. Plugins still starting get their reset once their start returns.
     */
    public List<PluginError> resetAll() {
        List<PluginError> errors = new ArrayList<>();
        for (HostedPlugin p : plugins) {
            if (starter.resetNowOrLater(p)) {
                PluginCallbacks.call(p, "reset", p.plugin::reset).ifPresent(errors::add);
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
                PluginCallbacks.call(p, "onEvent(" + event + ")", () -> p.plugin.onEvent(event))
                        .ifPresent(errors::add);
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
        List<PluginError> errors = ender.endLastFirst(plugins);
        starter.shutdown();
        return errors;
    }

    /** Same as {@link #endAll()}, errors logged. */
    @Override
    public void close() {
        endAll();
    }

    /**
     * Every hosted plugin's status, in load order, then every plugin of {@link #ignored()} as
     * {@link PluginState#UNSUPPORTED}.
     */
    @Override
    public List<PluginStatus> statuses() {
        return Stream.concat(
                        plugins.stream().map(p -> p.status),
                        loader.ignored().stream().map(PluginStatus::unsupported))
                .toList();
    }

    /**
     * The plugin objects whose state is STARTED right now, in load order. For the runner thread only: a plugin
     * may finish its start on a start thread, or end, at any moment, so the answer holds only while the caller
     * owns the lifecycle.
     */
    public List<Plugin> startedPluginsInLoadOrder() {
        return plugins.stream()
                .filter(p -> p.state() == PluginState.STARTED)
                .map(p -> p.plugin)
                .toList();
    }

    /** The plugin start progress. */
    @Override
    public StartProgress progress() {
        return tracker.progress();
    }

    /** The command registered as {@code <qualified plugin name>.<command>}, while its plugin is started. */
    @Override
    public Optional<PluginCommand> command(String qualifiedName) {
        return commands.get(qualifiedName);
    }

    /** The registered command names, sorted. */
    @Override
    public Set<String> commandNames() {
        return commands.names();
    }

    /** Plugin elements whose filename is not an Orrery plugin, in load order. */
    public List<OwnedPluginSpec> ignored() {
        return loader.ignored();
    }

    private List<PluginStatus> requiredFailures() {
        return statuses().stream()
                .filter(s -> s.required() && s.state() == PluginState.FAILED)
                .toList();
    }

    private String requiredFailureSuffix() {
        return requiredFailures().stream().map(s -> "; " + requiredFailure(s)).collect(Collectors.joining());
    }

    private static String requiredFailure(PluginStatus s) {
        return "required plugin '" + s.name() + "' (" + s.filename() + ") failed to start: "
                + s.error().orElse("?");
    }
}
