package io.orrery.runner.hold;

import io.orrery.runner.port.AppliedCommand;
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
        long[] from = new long[1]; // the step it starts at, read on the runner thread as it does
        return holding.postForHolder(
                this,
                "step",
                request.count(),
                lockstep -> {
                    from[0] = lockstep.iterations();
                    return lockstep.step(request);
                },
                r -> new AppliedCommand(
                        "step",
                        new AppliedCommand.Lockstep(
                                request.publish(), r.status().iterations() - from[0])));
    }

    @Override
    public CompletableFuture<StepResult> reset(OptionalLong seed, List<String> observe, List<String> models) {
        return holding.postForHolder(
                this,
                "reset",
                new AppliedCommand("reset", new AppliedCommand.Reset(seed)),
                lockstep -> lockstep.reset(seed, observe, models));
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
