package io.orrery.runner.port;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the simulation is doing, readable from any thread.
 *
 * @param state the lifecycle state; while stepping, the step phase the loop is in
 * @param phase the loop's current phase
 * @param outcome the outcome once decided
 * @param message why it ended so, when there is something to say (an abort's reason, the load error, the trigger that
 *     ended it)
 * @param simTimeNanos simulated time
 * @param iterations steps taken
 * @param stepSizeNanos the fixed step
 * @param realTimeFactor the target factor (0 = as fast as possible)
 * @param achievedRealTimeFactor sim elapsed over wall elapsed, over a sliding window
 * @param paused true while in Pause
 * @param worldName the world's name, empty before it loaded
 * @param worldFile the world's file
 * @param engine the physics engine's name ({@code orrery.physics.engine})
 * @param controller who holds the simulation ({@link ControllerHold#acquire}), if anyone
 * @param physicsFailure why the physics engine failed in a step, while the world waits paused for a reset or a reload
 *     to rebuild it (and after the end of a run that could not rebuild it)
 */
public record SimulationStatus(
        SimState state,
        SimState phase,
        Optional<Outcome> outcome,
        Optional<String> message,
        long simTimeNanos,
        long iterations,
        long stepSizeNanos,
        double realTimeFactor,
        double achievedRealTimeFactor,
        boolean paused,
        Optional<String> worldName,
        Path worldFile,
        String engine,
        Optional<String> controller,
        Optional<String> physicsFailure) {

    public double simTimeSeconds() {
        return simTimeNanos / 1e9;
    }
}
