package io.orrery.runner.port;

import io.orrery.runner.pacing.RealTimePacer;
import io.orrery.trigger.TriggerSpec;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What the runner needs to know besides the world: overrides of the world's physics settings, start and stop
 * conditions, and triggers armed at start.
 *
 * @param stepSizeNanos the step size; empty means the world's {@code <max_step_size>}
 * @param realTimeFactor the target real-time factor; empty means the world's {@code <real_time_factor>}
 * @param maxStepsPerFrame the catch-up cap
 * @param maxCatchUpNanos the catch-up horizon: steps later than this are dropped instead of made up
 * @param startPaused start in Pause
 * @param stopAtNanos stop with outcome success at this sim time
 * @param stopAfterSteps stop with outcome success after this many steps
 * @param parallelPostUpdate run PostUpdate systems in parallel
 * @param triggers triggers armed at start, in Cloe's form
 */
public record RunnerSettings(
        OptionalLong stepSizeNanos,
        OptionalDouble realTimeFactor,
        int maxStepsPerFrame,
        long maxCatchUpNanos,
        boolean startPaused,
        OptionalLong stopAtNanos,
        OptionalLong stopAfterSteps,
        boolean parallelPostUpdate,
        List<TriggerSpec> triggers) {

    public RunnerSettings {
        if (maxStepsPerFrame < 1) {
            throw new IllegalArgumentException("maxStepsPerFrame must be at least 1, got " + maxStepsPerFrame);
        }
        if (maxCatchUpNanos <= 0) {
            throw new IllegalArgumentException("maxCatchUpNanos must be positive, got " + maxCatchUpNanos);
        }
        triggers = List.copyOf(triggers);
    }

    /** World settings, real time, running, no stop condition, no triggers. */
    public static RunnerSettings defaults() {
        return new RunnerSettings(
                OptionalLong.empty(),
                OptionalDouble.empty(),
                RealTimePacer.DEFAULT_MAX_STEPS_PER_FRAME,
                RealTimePacer.DEFAULT_MAX_CATCH_UP_NANOS,
                false,
                OptionalLong.empty(),
                OptionalLong.empty(),
                false,
                List.of());
    }

    public RunnerSettings withRealTimeFactor(double factor) {
        return new RunnerSettings(
                stepSizeNanos,
                OptionalDouble.of(factor),
                maxStepsPerFrame,
                maxCatchUpNanos,
                startPaused,
                stopAtNanos,
                stopAfterSteps,
                parallelPostUpdate,
                triggers);
    }

    public RunnerSettings withStopAfterSteps(long steps) {
        return new RunnerSettings(
                stepSizeNanos,
                realTimeFactor,
                maxStepsPerFrame,
                maxCatchUpNanos,
                startPaused,
                stopAtNanos,
                OptionalLong.of(steps),
                parallelPostUpdate,
                triggers);
    }

    public RunnerSettings withStartPaused(boolean paused) {
        return new RunnerSettings(
                stepSizeNanos,
                realTimeFactor,
                maxStepsPerFrame,
                maxCatchUpNanos,
                paused,
                stopAtNanos,
                stopAfterSteps,
                parallelPostUpdate,
                triggers);
    }

    public RunnerSettings withTriggers(List<TriggerSpec> newTriggers) {
        return new RunnerSettings(
                stepSizeNanos,
                realTimeFactor,
                maxStepsPerFrame,
                maxCatchUpNanos,
                startPaused,
                stopAtNanos,
                stopAfterSteps,
                parallelPostUpdate,
                newTriggers);
    }
}
