package io.orrery.ops;

import io.orrery.lifecycle.SimState;

/**
 * What the availability monitor reads from the simulation loop at one instant.
 *
 * @param nowNanos the runner's monotonic clock now
 * @param lastProgressNanos when the loop last made progress, on the same clock
 * @param loop what the loop is doing
 * @param phase the loop's phase (for messages)
 * @param pluginsStarted whether every tracked plugin has started
 * @param pacingWaitNanos how long the loop may wait between two steps by design (step size over the real-time
 *     factor; 0 when it runs as fast as possible): a very slow factor is not a wedge
 */
record LoopReading(
        long nowNanos,
        long lastProgressNanos,
        Loop loop,
        SimState phase,
        boolean pluginsStarted,
        long pacingWaitNanos) {

    /** What the loop is doing, as far as liveness and readiness care. */
    enum Loop {
        /** The runner thread has not been started yet. */
        NOT_STARTED,
        /** Building the world and starting its plugins. */
        LOADING,
        /** Stepping: the only condition in which a lack of progress means the loop is wedged. */
        RUNNING,
        /** Paused: idle by request. */
        PAUSED,
        /** A reset or a reload is under way (plugins may take their time). */
        RESETTING,
        /** The run has ended with an outcome; the thread ends normally. */
        ENDED,
        /**
         * The run aborted while a failure of the physics engine stood (the reset that would have rebuilt the world
         * failed): nothing in this process simulates again, only a new one does.
         */
        PHYSICS_LOST,
        /** The runner thread is gone although the run has no outcome: it died. */
        DIED
    }
}
