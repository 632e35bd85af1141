package io.orrery.runner.port;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * A controller's hold on the simulation ({@link ControllerHold#acquire}): while it holds, the simulation is paused
 * and only this handle steps, resets and publishes; others may read, and stop. Each call is a runner command answered
 * by its future; after {@link #release()} (or a release by the runner) the calls are refused.
 */
public interface ControlHandle {

    /** Who holds the simulation, as it named itself: shown to whoever is refused. */
    String holder();

    /**
     * Publishes the request's messages, runs its steps and answers with its observations at the last StepEnd. Fails
     * with {@link io.orrery.topic.UnknownTopicException} or {@link io.orrery.physics.UnknownModelException} before
     * anything is published when a topic or model named is unknown.
     */
    CompletableFuture<StepResult> step(StepRequest request);

    /**
     * Resets the world (sensor noise seeded from {@code seed} when given, else from {@code orrery.seed}) and answers
     * with what is observed at sim time 0: the models as loaded, and only the topics published during the reset. The
     * answer comes once the plugins of models the reset restored have started.
     */
    CompletableFuture<StepResult> reset(OptionalLong seed, List<String> observe, List<String> models);

    /** Lets go of the simulation, which stays paused. Idempotent. */
    default CompletableFuture<Void> release() {
        return release("released by its holder");
    }

    /** Lets go of the simulation, which stays paused, saying why (in the {@code control} event). Idempotent. */
    CompletableFuture<Void> release(String reason);

    /** True while this handle holds the simulation (an operator may have released it). */
    boolean holds();
}
