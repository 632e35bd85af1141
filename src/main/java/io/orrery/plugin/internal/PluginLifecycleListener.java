package io.orrery.plugin.internal;

import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginStatus;

/**
 * Hears plugins come and go, so the system manager can run the ones that implement phase interfaces. Called
 * under the plugin's lock, on the thread that settled it (a start thread for {@code pluginStarted}): return
 * fast, do not call back into the host, and hand the plugin over to the runner thread if needed.
 */
public interface PluginLifecycleListener {

    /**
     * The plugin started; from now on it may take part in the update phases. Runs before the start tracker counts
     * the plugin, so once AllStarted is raised every listener has seen every started plugin.
     */
    default void pluginStarted(PluginStatus status, Plugin plugin) {}

    /** A started plugin is about to end; it must leave the update phases. */
    default void pluginEnding(PluginStatus status, Plugin plugin) {}
}
