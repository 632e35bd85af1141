package io.orrery.ops;

import io.orrery.ops.LoopReading.Loop;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;

/**
 * Turns the simulation loop's state into Spring Boot's availability states, checked about once a second on its
 * own thread.
 *
 * <p>Liveness is a watchdog: while the loop is running (not paused, loading or resetting) and has made no
 * progress for longer than the timeout (plus the wait between two steps that pacing imposes, which only a very
 * slow real-time factor makes noticeable), it is {@link LivenessState#BROKEN}; {@code CORRECT} again once progress
 * resumes. A runner thread that died without an outcome is BROKEN for good, and so is a run that aborted after the
 * physics engine failed and its world could not be rebuilt (only a new process simulates again). Time spent paused, loading or
 * resetting never counts as a stall, even when the runner's progress mark is old.
 *
 * <p>Readiness: the world is loaded and running or paused, every plugin has started and no reset or reload is
 * under way ({@link ReadinessState#ACCEPTING_TRAFFIC}); otherwise {@code REFUSING_TRAFFIC}. Once the
 * application has begun shutting down (someone else set REFUSING_TRAFFIC), the monitor leaves readiness alone.
 */
final class AvailabilityMonitor {

    private static final Logger log = LoggerFactory.getLogger(AvailabilityMonitor.class);

    /** The wait between two checks while the loop is on its way to being ready. */
    static final long SOON_MILLIS = 20;

    private final Supplier<LoopReading> loop;
    private final Duration timeout;
    private final ApplicationEventPublisher publisher;
    private final ApplicationAvailability availability;
    private final Object lock = new Object();
    /** The wait between two checks: about a second, a quarter of a shorter timeout, at least 10 ms. */
    private final long periodMillis;

    private ScheduledExecutorService executor;

    // Guarded by lock.
    private boolean haveQuiet;
    private long quietSinceNanos;
    private boolean closing;

    AvailabilityMonitor(
            Supplier<LoopReading> loop,
            Duration timeout,
            ApplicationEventPublisher publisher,
            ApplicationAvailability availability) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("orrery.watchdog-timeout must be positive, got " + timeout);
        }
        this.loop = loop;
        this.timeout = timeout;
        this.publisher = publisher;
        this.availability = availability;
        this.periodMillis = Math.max(10, Math.min(1000, timeout.toMillis() / 4));
    }

    /** Reads the loop once, publishes what changed and returns how long to wait before the next check. */
    long check() {
        LoopReading r = loop.get();
        synchronized (lock) {
            LivenessState liveness = liveness(r);
            LivenessState current = availability.getLivenessState();
            if (current != liveness) {
                if (current == LivenessState.BROKEN || liveness == LivenessState.BROKEN) {
                    logLiveness(r, liveness);
                }
                AvailabilityChangeEvent.publish(publisher, this, liveness);
            }
            ReadinessState readiness = readiness(r);
            if (!closing && availability.getReadinessState() != readiness) {
                AvailabilityChangeEvent.publish(publisher, this, readiness);
            }
        }
        return delayAfter(r);
    }

    /**
     * The wait before the next check: short while the loop is on its way to being ready (not started yet, loading,
     * resetting), so readiness follows within {@value #SOON_MILLIS} ms instead of up to a whole period (a pod of a
     * sweep waits for it at every start); the period otherwise.
     */
    long delayAfter(LoopReading r) {
        return switch (r.loop()) {
            case NOT_STARTED, LOADING, RESETTING -> Math.min(SOON_MILLIS, periodMillis);
            default -> periodMillis;
        };
    }

    private LivenessState liveness(LoopReading r) {
        if (r.loop() != Loop.RUNNING) {
            // Not expected to progress: the stall clock restarts from now.
            haveQuiet = true;
            quietSinceNanos = r.nowNanos();
            return r.loop() == Loop.DIED || r.loop() == Loop.PHYSICS_LOST
                    ? LivenessState.BROKEN
                    : LivenessState.CORRECT;
        }
        if (!haveQuiet) {
            // First look at a running loop: grant it a full timeout from now.
            haveQuiet = true;
            quietSinceNanos = r.nowNanos();
        }
        boolean wedged = stallNanos(r) > timeout.toNanos() + r.pacingWaitNanos();
        return wedged ? LivenessState.BROKEN : LivenessState.CORRECT;
    }

    private long stallNanos(LoopReading r) {
        long since = r.lastProgressNanos() - quietSinceNanos > 0 ? r.lastProgressNanos() : quietSinceNanos;
        return r.nowNanos() - since;
    }

    private static ReadinessState readiness(LoopReading r) {
        boolean serving = r.loop() == Loop.RUNNING || r.loop() == Loop.PAUSED;
        return serving && r.pluginsStarted() ? ReadinessState.ACCEPTING_TRAFFIC : ReadinessState.REFUSING_TRAFFIC;
    }

    private void logLiveness(LoopReading r, LivenessState liveness) {
        if (liveness == LivenessState.CORRECT) {
            log.info("The simulation loop is making progress: liveness CORRECT");
        } else if (r.loop() == Loop.DIED) {
            log.error("The runner thread has died without an outcome: liveness BROKEN");
        } else if (r.loop() == Loop.PHYSICS_LOST) {
            log.error("The run aborted after the physics engine failed, and the world could not be rebuilt: liveness"
                    + " BROKEN, so that the process is restarted");
        } else {
            log.warn(
                    "The simulation loop has made no progress for {} ms in {} (orrery.watchdog-timeout {}):"
                            + " liveness BROKEN",
                    stallNanos(r) / 1_000_000,
                    r.phase(),
                    timeout);
        }
    }

    /**
     * Called when readiness changes: a change to REFUSING_TRAFFIC that the monitor did not make means the
     * application is shutting down, so the monitor stops managing readiness. ACCEPTING_TRAFFIC that it did not make is
     * Spring Boot's own, published once the application is ready whatever the world is doing, after the monitor's
     * first check may already have run: the monitor checks again at once, so that a world still loading is not
     * reported ready until the next check.
     */
    @EventListener
    void onReadinessChange(AvailabilityChangeEvent<ReadinessState> event) {
        if (event.getSource() == this) {
            return;
        }
        if (event.getState() == ReadinessState.REFUSING_TRAFFIC) {
            synchronized (lock) {
                closing = true;
            }
        } else {
            checkSoon();
        }
    }

    /** A check on the monitor's thread, after the event being published now has reached every listener. */
    private synchronized void checkSoon() {
        if (executor != null) {
            executor.execute(this::check);
        }
    }

    /**
     * Checks now and then about once a second (more often for a short timeout, and while the world loads); from the
     * moment the application is ready, so it does not race Spring Boot's own first ACCEPTING_TRAFFIC.
     */
    @EventListener(ApplicationReadyEvent.class)
    synchronized void start() {
        if (executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orrery-availability");
            t.setDaemon(true);
            return t;
        });
        executor.execute(this::checkAndReschedule);
    }

    private void checkAndReschedule() {
        long delay = periodMillis;
        try {
            delay = check();
        } catch (RuntimeException e) {
            log.warn("The availability check failed", e);
        }
        synchronized (this) {
            if (executor != null) {
                executor.schedule(this::checkAndReschedule, delay, TimeUnit.MILLISECONDS);
            }
        }
    }

    @EventListener(ContextClosedEvent.class)
    synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }
}
