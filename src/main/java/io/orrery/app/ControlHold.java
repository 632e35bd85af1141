package io.orrery.app;

import io.orrery.runner.port.ControlHandle;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A controller's hold on a world, for every surface: taken by a controller (its steps and resets then go through
 * {@link Stepping} with the handle), and released by an operator.
 */
public final class ControlHold {

    private final Worlds worlds;

    public ControlHold(Worlds worlds) {
        this.worlds = worlds;
    }

    /** Makes {@code holder} the controller: the world pauses at the next StepEnd and only the handle steps it. */
    public CompletableFuture<ControlHandle> acquire(WorldId world, String holder) {
        return worlds.get(world).hold().acquire(holder);
    }

    /**
     * An operator's release of the controller's hold; with {@code holder} given, only that holder's. Completes with
     * the holder released, or empty when nobody held the world.
     */
    public CompletableFuture<Optional<String>> release(WorldId world, Optional<String> holder) {
        return worlds.get(world).hold().release(holder);
    }
}
