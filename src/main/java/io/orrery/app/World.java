package io.orrery.app;

import io.orrery.runner.port.ControllerHold;
import io.orrery.runner.port.RunControl;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunReads;
import io.orrery.runner.port.TopicAccess;
import io.orrery.runner.port.WorldEditing;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One world the process runs, as the use cases reach it: its runner's ports.
 *
 * @param id the world's id
 * @param control pause, resume, stop, reset, reload, steps, run-to, the factor
 * @param edits models, the world for a save
 * @param topics its topic bus and publishing on it
 * @param hold a controller in the loop, lockstep steps, observations
 * @param reads status, statistics, snapshot, plugins, systems, triggers
 * @param events where to hear its lifecycle transitions and the end of its run (add before it starts)
 */
public record World(
        WorldId id,
        RunControl control,
        WorldEditing edits,
        TopicAccess topics,
        ControllerHold hold,
        RunReads reads,
        Consumer<RunListener> events) {

    public World {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(control, "control");
        Objects.requireNonNull(edits, "edits");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(hold, "hold");
        Objects.requireNonNull(reads, "reads");
        Objects.requireNonNull(events, "events");
    }
}
