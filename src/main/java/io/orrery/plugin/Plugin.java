package io.orrery.plugin;

import java.util.Map;

/**
 * A plugin: one object per {@code <plugin>} element (or always-on plugin from configuration), created by the
 * {@link PluginFactory} registered for its {@code filename}.
 *
 * <p>The host calls, in this order and never two at once for one plugin:
 * <ol>
 * <li>{@link #requiredApiVersion()}: a plugin needing a newer API than {@link PluginApi#VERSION} is refused
 *     before {@code awake} (and {@code end} is not called: nothing was set up);
 * <li>{@link #awake} on the loading thread, in load order: fast, cache what the plugin needs and validate its
 *     parameters (throwing here fails the plugin);
 * <li>{@link #start} on a start thread, in parallel with other plugins, so start order is undefined: may be slow
 *     (open ports, start threads) and reports failure by throwing;
 * <li>{@link #reset()} and {@link #onEvent} while it is started;
 * <li>{@link #end()} once, when its model is removed, the world is unloaded, or {@code awake}/{@code start}
 *     failed: release everything, even after a partial start.
 * </ol>
 *
 * <p>A plugin that must wait for the others (CLOiSim's rule) waits for the host's {@code AllStarted}; it must
 * not assume another plugin started before it. Plugin threads never touch the world: they read
 * {@link PluginContext#snapshot()} and post changes with {@link PluginContext#submit}.
 *
 * <p>A plugin may also implement the system phase interfaces of {@code io.orrery.system} (PreUpdate, Update,
 * PostUpdate, Reset): the same object the host created is handed to the system manager once started, so one
 * {@code <plugin>} element is one object, never two.
 */
public interface Plugin {

    /** The plugin API version this plugin needs; the default is the version it was compiled against. */
    default int requiredApiVersion() {
        return PluginApi.VERSION;
    }

    /** Called once on the loading thread before {@link #start}: cache the context and check parameters. */
    void awake(PluginContext context);

    /**
     * Starts the plugin; may block (opening ports, connecting). Throwing fails the plugin: the host calls
     * {@link #end()} and unloads it. The host may interrupt this thread when the world is unloaded.
     */
    void start(PluginContext context) throws Exception;

    /**
     * The world was reset to its initial state. Called in load order on the thread that resets the world.
     * A reset may arrive before this plugin's {@link #start} has finished: the host then calls {@code reset()}
     * right after {@code start} returns, on the start thread and before the plugin counts as started, so
     * {@code reset()} never runs at the same time as {@code start()} but must not assume the world is where
     * {@code start} saw it.
     */
    default void reset() {}

    /** A world or lifecycle event; called only while the plugin is started, on the caller's thread: return fast. */
    default void onEvent(PluginEvent event) {}

    /** Releases everything the plugin holds (threads, ports); called once, also after a failed awake or start. */
    default void end() {}

    /**
     * Commands this plugin exposes, by short name. The host registers each as
     * {@code <instance name>.<command>} (CoppeliaSim's prefix rule) while the plugin is started.
     */
    default Map<String, PluginCommand> commands() {
        return Map.of();
    }
}
