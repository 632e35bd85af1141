package io.orrery.runner.port;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A controller in the loop (Cloe's StepController): its hold on the simulation, and lockstep steps with what they
 * publish and observe. Any thread.
 */
public interface ControllerHold {

    /**
     * Makes the caller the controller: the simulation pauses at the next StepEnd (a run-to is cancelled) and is held.
     * Until the handle is released, step, resume, reset, reload, run-to, the factor, world edits and publishing from
     * anyone else are refused with {@link ControlHeldException} naming {@code holder}; reads and stop stay open;
     * trigger actions that would resume, reset or change the factor are held back. Refused the same way when another
     * controller holds it.
     *
     * @param holder who is asking, as the refused are told (a connection's address, say)
     */
    CompletableFuture<ControlHandle> acquire(String holder);

    /** Who holds the simulation, if anyone. */
    Optional<String> controller();

    /**
     * An operator's release of the controller's hold (its host died, say): at the next StepEnd whoever holds the
     * simulation lets go, and it stays paused; the holder's next step is refused. With {@code holder} given, only that
     * holder is released, else the release is refused with {@link ControlHeldException} naming who holds it (so that
     * a hold taken since the operator looked is not broken). Completes with the holder released, or empty when nobody
     * held the simulation. Never refused for room.
     */
    CompletableFuture<Optional<String>> release(Optional<String> holder);

    /**
     * A lockstep step for a controller that does not hold the simulation (HTTP): while paused, publishes the request's
     * messages at the start of the batch, runs its steps and answers with its observations at the last StepEnd.
     * Unknown topics or models fail it before anything is published.
     */
    CompletableFuture<StepResult> step(StepRequest request);

    /**
     * The latest message of each of {@code topics} and {@code models} as of the latest StepEnd, read off the runner
     * thread from the published snapshot (taking one if it is stale), so that many readers cost the loop no more than
     * one snapshot per step. Unknown topics and models fail it.
     */
    CompletableFuture<StepResult> observe(List<String> topics, List<String> models);
}
