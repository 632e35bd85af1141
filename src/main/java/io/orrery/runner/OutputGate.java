package io.orrery.runner;

import io.orrery.plugin.EventSink;

/**
 * The event sink plugins publish to, paused during a reset so sensors and publishers emit nothing from a world
 * that is half reset. Events published while paused are dropped, not queued: they describe a moment that is
 * being undone.
 */
final class OutputGate implements EventSink {

    private final EventSink downstream;
    private volatile boolean paused;

    OutputGate(EventSink downstream) {
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
    public void publish(String topic, Object payload) {
        if (!paused) {
            downstream.publish(topic, payload);
        }
    }
}
