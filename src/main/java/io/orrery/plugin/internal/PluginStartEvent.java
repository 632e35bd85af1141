package io.orrery.plugin.internal;

/** What the {@link PluginStartTracker} raises. */
public sealed interface PluginStartEvent {

    /** {@code started} of the {@code total} tracked plugins have started. */
    record ProgressChanged(int started, int total) implements PluginStartEvent {}

    /** Every plugin of the loaded world has started (or failed and was unloaded); raised once. */
    record AllStarted(int total) implements PluginStartEvent {}
}
