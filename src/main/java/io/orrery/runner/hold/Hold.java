package io.orrery.runner.hold;

import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/** One controller's hold: its calls are commands of the holder, refused once it no longer holds the simulation. */
final class Hold implements ControlHandle {

    private final String holder;
    private final Holding holding;

    Hold(String holder, Holding holding) {
        this.holder = holder;
        this.holding = holding;
    }

    @Override
    public String holder() {
        return holder;
    }

    @Override
    public CompletableFuture<StepResult> step(StepRequest request) {
        return holding.postForHolder(this, "step", request.count(), false, lockstep -> lockstep.step(request));
    }

    @Override
    public CompletableFuture<StepResult> reset(OptionalLong seed, List<String> observe, List<String> models) {
        return holding.postForHolder(this, "reset", 0, true, lockstep -> lockstep.reset(seed, observe, models));
    }

    @Override
    public CompletableFuture<Void> release(String reason) {
        return holding.release(this, reason);
    }

    @Override
    public boolean holds() {
        return holding.holds(this);
    }
}
