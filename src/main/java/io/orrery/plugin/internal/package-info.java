/**
 * The plugin host, never imported by plugins, systems or devices: the {@link io.orrery.plugin.internal.PluginHost}
 * loads one plugin per element through its factory, wakes the plugins in order, starts them in parallel and tracks
 * them with a {@link io.orrery.plugin.internal.PluginStartTracker} (CLOiSim's), delivers events and ends them; the
 * runner reaches it through the {@link io.orrery.plugin.internal.WorldAccess} seam it implements, and
 * {@link io.orrery.plugin.internal.PluginEndpoints} refuses plugins from requests that would connect to hosts the
 * operator did not allow. Plain Java: wired by the runner and the {@code ops} configuration.
 */
package io.orrery.plugin.internal;
