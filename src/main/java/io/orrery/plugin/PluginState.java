package io.orrery.plugin;

/** Where a hosted plugin is in its life. */
public enum PluginState {
    /** Created and awake, waiting for a start thread. */
    PENDING,
    /** {@code start} is running. */
    STARTING,
    /** Started; receives resets and events. */
    STARTED,
    /** Refused or failed to awake or start; unloaded (ended), with the reason in the status. */
    FAILED,
    /** Ended: its model was removed or the world unloaded. */
    ENDED,
    /**
     * Named by the world but neither an Orrery plugin nor a Gazebo system Orrery simulates: never loaded, listed so
     * that nothing the world asks for is dropped without a word.
     */
    UNSUPPORTED
}
