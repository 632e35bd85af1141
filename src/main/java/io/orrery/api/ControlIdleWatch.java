package io.orrery.api;

import io.orrery.log.LogSafe;
import io.orrery.runner.port.ControlHandle;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;

/**
 * Tells a dead controller from a quiet one ({@code orrery.control.idle-timeout}): every control connection is pinged
 * three times per timeout, and one from which nothing (a frame or a pong) has come for the whole timeout is taken for
 * a host that died or a network that dropped it without a word (a half-open connection). Its hold on the simulation
 * is released (the world stays paused; the {@code control} event says why) and the connection is closed. A client
 * whose WebSocket library answers pings, as every library does, keeps its hold however long it thinks.
 */
final class ControlIdleWatch {

    private static final Logger log = LoggerFactory.getLogger(ControlIdleWatch.class);

    /** The close status for a connection that went silent. */
    static final CloseStatus SILENT =
            CloseStatus.POLICY_VIOLATION.withReason("no pong within orrery.control.idle-timeout");

    private final Supplier<Iterable<ControlConnection>> connections;
    private final Duration timeout;

    ControlIdleWatch(Supplier<Iterable<ControlConnection>> connections, Duration timeout) {
        this.connections = connections;
        this.timeout = timeout;
    }

    /** Checks every period (a third of the timeout) on {@code scheduler} until it is shut down. */
    void start(ScheduledExecutorService scheduler) {
        long period = Math.max(1, timeout.toNanos() / 3);
        scheduler.scheduleWithFixedDelay(this::checkSafely, period, period, TimeUnit.NANOSECONDS);
    }

    private void checkSafely() {
        try {
            check(System.nanoTime());
        } catch (RuntimeException e) {
            log.warn("The control connections' idle check failed", e); // a throwing task would end the schedule
        }
    }

    /** Drops the connections silent for the timeout as of {@code now}; pings the others. */
    void check(long now) {
        for (ControlConnection c : connections.get()) {
            if (c.isClosed()) {
                continue;
            }
            if (now - c.lastHeardNanos() > timeout.toNanos()) {
                drop(c);
            } else {
                c.ping();
            }
        }
    }

    private void drop(ControlConnection c) {
        ControlHandle h = c.letGo();
        String reason =
                "its connection answered no ping for " + timeout.toMillis() + " ms" + " (orrery.control.idle-timeout)";
        if (h != null) {
            log.warn(
                    "{}: {}: its hold on the simulation is released, which stays paused", LogSafe.of(c.name()), reason);
            h.release(reason);
        } else {
            log.info("{}: {}: closed", LogSafe.of(c.name()), reason);
        }
        c.cutOff(SILENT);
    }
}
