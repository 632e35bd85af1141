package io.orrery.plugin;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** An event sink that keeps what was published, in order. */
public final class CollectingSink implements EventSink {

    /** One published event. */
    public record Published(String topic, Object payload) {
    }

    private final BlockingQueue<Published> published = new LinkedBlockingQueue<>();

    @Override
    public void publish(String topic, Object payload) {
        published.add(new Published(topic, payload));
    }

    /** The next published event, waiting at most ten seconds (only so a broken test cannot hang). */
    public Published next() throws InterruptedException {
        Published p = published.poll(10, TimeUnit.SECONDS);
        if (p == null) {
            throw new AssertionError("nothing was published within 10 s");
        }
        return p;
    }

    public List<Published> drained() {
        List<Published> all = new java.util.ArrayList<>();
        published.drainTo(all);
        return all;
    }
}
