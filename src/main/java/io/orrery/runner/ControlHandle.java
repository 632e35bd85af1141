package io.orrery.runner;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * A controller's hold on the simulation ({@link SimulationRunner#acquireControl}): while it holds, the simulation is
 * paused and only this handle steps, resets and publishes; others may read, and stop. Each call is a runner command
 * answered by its future; after {@link #release()} (or a release by the runner) the calls are refused.
 */
public final class ControlHandle {

    private final String holder;
    private final SimulationRunner runner;

    ControlHandle(String holder, SimulationRunner runner) {
        this.holder = holder;
        this.runner = runner;
    }

    /** Who holds the simulation, as it named itself: shown to whoever is refused. */
    public String holder() {
        return holder;
    }

    /**
     * Publishes the request's messages, runs its steps and answers with its observations at the last StepEnd.
     * Fails with {@link io.orrery.topic.UnknownTopicException} or {@link io.orrery.physics.UnknownModelException}
     * before anything is published when a topic or model named is unknown.
     */
    public CompletableFuture<StepResult> step(StepRequest request) {
        return runner.postForHolder(this, "step", request.count(), false, lockstep -> lockstep.step(request));
    }

    /**
     * Resets the world (sensor noise seeded from {@code seed} when given, else from {@code orrery.seed}) and answers
     * with what is observed at sim time 0: the models as loaded, and only the topics published during the reset. The
     * answer comes once the plugins of models the reset restored have started.
     */
    public CompletableFuture<StepResult> reset(OptionalLong seed, List<String> observe, List<String> models) {
        return runner.postForHolder(this, "reset", 0, true, lockstep -> lockstep.reset(seed, observe, models));
    }

    /** Lets go of the simulation, which stays paused. Idempotent. */
    public CompletableFuture<Void> release() {
        return release("released by its holder");
    }

    /** Lets go of the simulation, which stays paused, saying why (in the {@code control} event). Idempotent. */
    public CompletableFuture<Void> release(String reason) {
        return runner.releaseControl(this, reason);
    }

    /** True while this handle holds the simulation (an operator may have released it). */
    public boolean holds() {
        return runner.holds(this);
    }
}
