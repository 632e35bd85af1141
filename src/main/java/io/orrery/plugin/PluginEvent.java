package io.orrery.plugin;

/**
 * What the host broadcasts to started plugins. The runner broadcasts between steps, after the world reflects
 * the change (after a reset, the snapshot already shows the initial state).
 */
public sealed interface PluginEvent {

    /** The world was loaded and its plugins started. */
    record WorldLoaded(String world) implements PluginEvent {}

    /** A model was spawned (its own plugins are started separately). */
    record ModelAdded(String name) implements PluginEvent {}

    /** A model was removed (its own plugins have ended). */
    record ModelRemoved(String name) implements PluginEvent {}

    /** The simulation started stepping. */
    record SimulationStarted() implements PluginEvent {}

    /** The simulation was paused. */
    record Paused() implements PluginEvent {}

    /** The simulation resumed after a pause. */
    record Resumed() implements PluginEvent {}

    /** The simulation stopped. */
    record Stopped() implements PluginEvent {}

    /** The world was reset to its initial state. */
    record Reset() implements PluginEvent {}
}
