package io.orrery.plugin.internal;

/**
 * Hears the {@link PluginStartTracker}'s events, in order, on the thread that caused them (a start thread or
 * the loading thread) while the tracker holds its lock: return fast and do not call back into the host.
 */
@FunctionalInterface
public interface PluginStartListener {

    /** One progress change or the single AllStarted. */
    void onStartEvent(PluginStartEvent event);
}
