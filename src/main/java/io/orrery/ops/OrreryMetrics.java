package io.orrery.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.orrery.lifecycle.SimState;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.pacing.PhaseTimes;
import io.orrery.runner.port.SimulationStatus;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * The simulation's meters. Everything is read when the registry is scraped, from what the runner already
 * publishes: the loop itself makes no Micrometer call. Tags are low-cardinality (the step phase only), never a
 * world or model name.
 *
 * <ul>
 * <li>{@code orrery.step.duration} (FunctionTimer, tag {@code phase} = step_begin, step_simulator,
 *     step_controller, step_end): total time and count of steps in each phase, from {@link PhaseTimes}.
 * <li>{@code orrery.steps} (FunctionCounter): steps taken since the process started. Unlike the status'
 *     iteration count it never goes back to 0 on a reset, so it is a true counter and {@code rate()} works.
 * <li>{@code orrery.steps.dropped} (FunctionCounter): steps the pacer dropped because they fell due more than
 *     {@code orrery.max-catch-up} ago, from the run's statistics. It goes back to 0 with them on a reset or reload,
 *     which Prometheus' {@code rate()} and {@code increase()} take as a counter reset.
 * <li>{@code orrery.sim.time} (gauge, seconds): simulated time, back to 0 on a reset.
 * <li>{@code orrery.rtf.target} and {@code orrery.rtf.achieved} (gauges): the target real-time factor (0 = as
 *     fast as possible) and the factor achieved over the runner's sliding window.
 * <li>{@code orrery.plugins.started} and {@code orrery.plugins.tracked} (gauges): plugin start progress, started
 *     out of tracked. Not {@code .total}: Prometheus reserves {@code _total} for counters and its client drops
 *     the suffix from a gauge's name.
 * <li>{@code orrery.bodies} (gauge): rigid bodies in the world, sampled every {@link #BODY_SAMPLE_PERIOD} on a
 *     thread of its own (a world snapshot is taken between steps, so it is not taken on the scrape thread);
 *     NaN until the world has loaded.
 * </ul>
 */
final class OrreryMetrics implements MeterBinder, InitializingBean, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(OrreryMetrics.class);

    static final Duration BODY_SAMPLE_PERIOD = Duration.ofSeconds(2);

    private static final List<SimState> PHASES =
            List.of(SimState.STEP_BEGIN, SimState.STEP_SIMULATOR, SimState.STEP_CONTROLLER, SimState.STEP_END);

    private final SimulationRunner runner;
    private volatile double bodies = Double.NaN;
    private ScheduledExecutorService sampler;

    OrreryMetrics(SimulationRunner runner) {
        this.runner = runner;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        PhaseTimes times = runner.reads().phaseTimes();
        for (SimState phase : PHASES) {
            FunctionTimer.builder(
                            "orrery.step.duration",
                            times,
                            PhaseTimes::steps,
                            t -> t.totalNanos(phase),
                            TimeUnit.NANOSECONDS)
                    .tag("phase", phase.name().toLowerCase(Locale.ROOT))
                    .description("Time spent in each phase of a simulation step")
                    .register(registry);
        }
        FunctionCounter.builder("orrery.steps", times, PhaseTimes::steps)
                .description("Steps taken since the process started (not reset by a world reset)")
                .register(registry);
        FunctionCounter.builder(
                        "orrery.steps.dropped",
                        runner.reads(),
                        r -> r.statistics().droppedSteps())
                .description("Steps dropped because they fell due more than orrery.max-catch-up ago")
                .register(registry);
        Gauge.builder("orrery.sim.time", runner.reads(), r -> r.status().simTimeSeconds())
                .baseUnit("seconds")
                .description("Simulated time")
                .register(registry);
        Gauge.builder("orrery.rtf.target", runner.reads(), r -> r.status().realTimeFactor())
                .description("Target real-time factor (0 = as fast as possible)")
                .register(registry);
        Gauge.builder("orrery.rtf.achieved", runner.reads(), r -> r.status().achievedRealTimeFactor())
                .description("Real-time factor achieved over a sliding window")
                .register(registry);
        Gauge.builder(
                        "orrery.plugins.started",
                        runner.reads(),
                        r -> r.pluginProgress().started())
                .description("Plugins started")
                .register(registry);
        Gauge.builder(
                        "orrery.plugins.tracked",
                        runner.reads(),
                        r -> r.pluginProgress().total())
                .description("Plugins tracked")
                .register(registry);
        Gauge.builder("orrery.bodies", this, m -> m.bodies)
                .description("Rigid bodies in the world")
                .register(registry);
    }

    @Override
    public void afterPropertiesSet() {
        sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orrery-metrics-sampler");
            t.setDaemon(true);
            return t;
        });
        long period = BODY_SAMPLE_PERIOD.toMillis();
        sampler.scheduleWithFixedDelay(this::sampleBodies, 0, period, TimeUnit.MILLISECONDS);
    }

    private void sampleBodies() {
        SimulationStatus s = runner.reads().status();
        boolean live = s.outcome().isEmpty()
                && s.worldName().isPresent()
                && !runner.reads().isResetting()
                && runner.reads().pluginProgress().allStarted();
        if (!live) {
            return;
        }
        try {
            bodies = runner.reads().snapshot().bodyCount();
        } catch (RuntimeException e) {
            log.debug("Could not sample the body count", e);
        }
    }

    @Override
    public void destroy() {
        if (sampler != null) {
            sampler.shutdownNow();
        }
    }
}
