/**
 * Orrery's plugin SPI, what a plugin author implements and sees, after CoppeliaSim's plugin entry points and
 * CLOiSim's plugin start tracking: {@link io.orrery.plugin.Plugin} and its {@link io.orrery.plugin.PluginContext},
 * {@link io.orrery.plugin.PluginFactory} and {@link io.orrery.plugin.OrreryPlugin}, the
 * {@link io.orrery.plugin.PluginRegistry} filenames are looked up in, the {@link io.orrery.plugin.PluginEvent}s a
 * plugin is told of and the statuses the host reports.
 *
 * <p>A {@code <plugin name filename>} element names a plugin type by {@code filename} (looked up exactly in the
 * registry) and an instance by {@code name}; its children are parameters. Filenames Orrery does not provide (Gazebo
 * systems it does not port) are reported and ignored, unless required. One plugin object is made per element; plugins start in
 * parallel (so start order is undefined), and a single {@code AllStarted} is how they synchronise. A reset may arrive
 * before a plugin's start has finished; {@link io.orrery.plugin.Plugin#reset()} says how.
 *
 * <p>Plugins never touch the world: they read {@link io.orrery.plugin.WorldSnapshot snapshots}, submit commands that
 * the runner runs between steps, call the world services Orrery offers ({@link io.orrery.plugin.ServicePort}, the
 * application's use cases, whose world changes are posted commands too), and emit events. A plugin that opens connections says where
 * ({@link io.orrery.plugin.PluginFactory#endpoints}), so that one a request brought and that would connect to a host
 * the operator did not allow is refused ({@link io.orrery.plugin.PluginEndpoints}). The host that does all this is
 * {@code plugin.internal}, closed to every package but this one and the runner that drives it; the rest see a world's
 * plugins through {@link io.orrery.plugin.HostedPlugins}. Orrery's own plugins are in {@code io.orrery.builtin}.
 * Plain Java.
 */
package io.orrery.plugin;
