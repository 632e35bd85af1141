package io.orrery.plugin;

import io.orrery.physics.ModelState;
import io.orrery.physics.WorldView;
import java.util.List;
import java.util.Optional;

/**
 * An immutable copy of the world at one instant, what plugin threads read instead of the live world.
 *
 * @param world the world name
 * @param iteration the number of steps taken since the start or the last reset
 * @param simTimeNanos the simulation time in nanoseconds
 * @param models the top-level models' states, in load order
 * @param bodyCount the number of rigid bodies
 */
public record WorldSnapshot(String world, long iteration, long simTimeNanos, List<ModelState> models, int bodyCount)
        implements WorldView {

    public WorldSnapshot {
        models = List.copyOf(models);
    }

    /** An empty world at time zero, before the first step. */
    public static WorldSnapshot empty(String world) {
        return new WorldSnapshot(world, 0, 0, List.of(), 0);
    }

    /** Copies the state of {@code view}; call it on the thread that owns the world (the runner's). */
    public static WorldSnapshot capture(String world, long iteration, long simTimeNanos, WorldView view) {
        return new WorldSnapshot(world, iteration, simTimeNanos, view.models(), view.bodyCount());
    }

    /** The simulation time in seconds. */
    public double simTimeSeconds() {
        return simTimeNanos / 1e9;
    }

    @Override
    public List<String> modelNames() {
        return models.stream().map(ModelState::name).toList();
    }

    @Override
    public Optional<ModelState> model(String name) {
        return models.stream().filter(m -> m.name().equals(name)).findFirst();
    }
}
