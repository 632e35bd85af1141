package io.orrery.ops;

import io.orrery.log.LogSafe;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.SimulationStatus;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * Logs one status line at a fixed wall-clock interval (sim time, steps, target and achieved factor), so a
 * person watching {@code ./mvnw spring-boot:run} sees the world advance. Reads the runner's published status
 * from its own thread: the loop itself never logs.
 */
final class StatusLogger implements InitializingBean, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(StatusLogger.class);

    private final SimulationRunner runner;
    private final Duration interval;
    private ScheduledExecutorService executor;

    StatusLogger(SimulationRunner runner, Duration interval) {
        this.runner = runner;
        this.interval = interval;
    }

    @Override
    public void afterPropertiesSet() {
        if (interval.isZero()) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orrery-status-log");
            t.setDaemon(true);
            return t;
        });
        long millis = interval.toMillis();
        executor.scheduleAtFixedRate(this::logStatus, millis, millis, TimeUnit.MILLISECONDS);
    }

    private void logStatus() {
        SimulationStatus s = runner.reads().status();
        if (s.outcome().isPresent() || s.worldName().isEmpty()) {
            return;
        }
        log.info(String.format(
                Locale.ROOT,
                "%s: %s, sim time %.3f s, %d steps, real-time factor %.3f (target %s)",
                LogSafe.text(s.worldName().get()),
                s.paused() ? "paused" : "running",
                s.simTimeSeconds(),
                s.iterations(),
                s.achievedRealTimeFactor(),
                s.realTimeFactor() == 0 ? "as fast as possible" : s.realTimeFactor()));
    }

    @Override
    public void destroy() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
