package io.orrery.ops;

import org.springframework.context.SmartLifecycle;

/**
 * Ends long-lived connections (event streams, the dashboard's pose stream, control WebSockets) when the application stops, in a phase before
 * the web server's graceful shutdown. That shutdown waits for every request in progress, and a stream never ends
 * by itself: left open, one dashboard tab held every stop for the whole {@code timeout-per-shutdown-phase}.
 */
public final class BeforeGracefulShutdown implements SmartLifecycle {

    private final Runnable close;
    private volatile boolean running;

    /** @param close ends the connections; called once, when the application stops */
    public BeforeGracefulShutdown(Runnable close) {
        this.close = close;
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        close.run();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE; // stopped before the web server's graceful shutdown phase
    }
}
