/**
 * Orrery's plugin SPI and host, after CoppeliaSim's plugin entry points and CLOiSim's plugin start tracking.
 *
 * <p>A {@code <plugin name filename>} element names a plugin type by {@code filename} (looked up exactly in the
 * {@link io.orrery.plugin.PluginRegistry}) and an instance by {@code name}; its children are parameters.
 * Filenames Orrery does not provide (Gazebo systems) are ignored with a log line. The
 * {@link io.orrery.plugin.PluginHost} creates one {@link io.orrery.plugin.Plugin} object per element, wakes the
 * plugins in order, starts them in parallel (so start order is undefined) and tracks them with a
 * {@link io.orrery.plugin.PluginStartTracker}, whose single {@code AllStarted} is how plugins synchronise.
 * A reset may arrive before a plugin's start has finished; {@link io.orrery.plugin.Plugin#reset()} says how.
 *
 * <p>Plugins never touch the world: they read {@link io.orrery.plugin.WorldSnapshot snapshots} and submit
 * commands that the runner runs between steps, through the {@link io.orrery.plugin.WorldAccess} seam, and
 * emit events to an {@link io.orrery.event.EventSink}. A plugin that opens connections says where
 * ({@link io.orrery.plugin.PluginFactory#endpoints}), so {@link io.orrery.plugin.PluginEndpoints} can refuse one that
 * a request brought and that would connect to a host the operator did not allow. Built-in plugins live in
 * {@code plugin.builtin}.
 * Plain Java: wired by the {@code ops} configuration.
 */
package io.orrery.plugin;
