package io.orrery.runner.session;

import io.orrery.event.EventSink;

/**
 * The event sink plugins emit to, paused during a reset so sensors and publishers emit nothing from a world
 * that is half reset. Events emitted while paused are dropped, not queued: they describe a moment that is
 * being undone.
 */
public final class OutputGate implements EventSink {

    private final EventSink downstream;
    private volatile boolean paused;

    public OutputGate(EventSink downstream) {
        this.downstream = downstream;
    }

    void pause() {
        paused = true;
    }

    void resume() {
        paused = false;
    }

    boolean isPaused() {
        return paused;
    }

    @Override
    public void emit(String event, Object payload) {
        if (!paused) {
            downstream.emit(event, payload);
        }
    }
}
