package io.orrery.ops;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimState;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.world.IgnoredElement;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

/**
 * The {@code simulation} health component. UP from Connect through Pause and Stop: while loading, running and
 * paused, and after a run that ended by itself or on request (success, stopped, failure: a failed scenario is
 * a result, not a broken server). DOWN after an abort or when the world did not start, with the reason, and
 * when the runner thread died without an outcome.
 */
final class SimulationHealthIndicator implements HealthIndicator {

    private final SimulationRunner runner;

    SimulationHealthIndicator(SimulationRunner runner) {
        this.runner = runner;
    }

    @Override
    public Health health() {
        SimulationStatus s = runner.reads().status();
        Outcome outcome = s.outcome().orElse(null);
        Health.Builder health;
        if (outcome == Outcome.ABORTED || outcome == Outcome.NO_START) {
            health = Health.down().withDetail("reason", s.message().orElse(outcome.jsonName()));
        } else if (outcome == null && !runner.isRunning() && s.state() != SimState.CONNECT) {
            health = Health.down()
                    .withDetail("reason", s.message().orElse("the runner thread has ended without an" + " outcome"));
        } else {
            health = Health.up();
        }
        health.withDetail("state", s.state().name())
                .withDetail("phase", s.phase().name())
                .withDetail("simTime", s.simTimeSeconds())
                .withDetail("paused", s.paused());
        s.worldName().ifPresent(name -> health.withDetail("world", name));
        // what the world holds that Orrery does not simulate (GET /api/world lists each)
        runner.reads()
                .loadedWorld()
                .ifPresent(w -> health.withDetail(
                        "unsupported",
                        w.ignored().stream()
                                .filter(IgnoredElement::affectsSimulation)
                                .count()));
        s.outcome().ifPresent(o -> health.withDetail("outcome", o.jsonName()));
        return health.build();
    }
}
