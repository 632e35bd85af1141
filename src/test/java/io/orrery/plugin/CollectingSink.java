package io.orrery.plugin;

import io.orrery.event.EventSink;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** An event sink that keeps what was emitted, in order. */
public final class CollectingSink implements EventSink {

    /** One emitted event. */
    public record Emitted(String event, Object payload) {}

    private final BlockingQueue<Emitted> emitted = new LinkedBlockingQueue<>();

    @Override
    public void emit(String event, Object payload) {
        emitted.add(new Emitted(event, payload));
    }

    /** The next emitted event, waiting at most ten seconds (only so a broken test cannot hang). */
    public Emitted next() throws InterruptedException {
        Emitted e = emitted.poll(10, TimeUnit.SECONDS);
        if (e == null) {
            throw new AssertionError("nothing was emitted within 10 s");
        }
        return e;
    }

    public List<Emitted> drained() {
        List<Emitted> all = new ArrayList<>();
        emitted.drainTo(all);
        return all;
    }
}
