/**
 * The plugin host, used only by the plugin package and the runner, which builds and drives one host per world; every
 * other package sees the plugins through {@link io.orrery.plugin.HostedPlugins}. The
 * {@link io.orrery.plugin.internal.PluginHost}
 * loads one plugin per element through its factory, wakes the plugins in order, starts them in parallel and tracks
 * them with a {@link io.orrery.plugin.internal.PluginStartTracker} (CLOiSim's), delivers events and ends them; the
 * runner reaches it through the {@link io.orrery.plugin.internal.WorldAccess} seam it implements. Plain Java: wired by the runner and the {@code ops} configuration.
 */
package io.orrery.plugin.internal;
