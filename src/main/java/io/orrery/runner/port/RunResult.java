package io.orrery.runner.port;

import io.orrery.lifecycle.Outcome;
import io.orrery.physics.ModelState;
import io.orrery.plugin.PluginStatus;
import io.orrery.runner.pacing.StatisticsSnapshot;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How a run ended: what the batch report and the exit code are made of.
 *
 * @param outcome the outcome
 * @param message why it ended so, when there is something to say: the load error, the abort's reason, the trigger
 *     that ended it
 * @param worldName the world's name, empty if it never loaded
 * @param worldFile the world file
 * @param simTimeNanos sim time at the stop
 * @param iterations steps taken
 * @param wallTimeNanos wall-clock time from the first step to the stop
 * @param achievedRealTimeFactor sim time over wall time since the first step
 * @param statistics the step statistics
 * @param models every model's state at the stop
 * @param plugins every plugin's state at the stop
 */
public record RunResult(
        Outcome outcome,
        Optional<String> message,
        Optional<String> worldName,
        Path worldFile,
        long simTimeNanos,
        long iterations,
        long wallTimeNanos,
        double achievedRealTimeFactor,
        StatisticsSnapshot statistics,
        List<ModelState> models,
        List<PluginStatus> plugins) {

    public RunResult {
        models = List.copyOf(models);
        plugins = List.copyOf(plugins);
    }
}
