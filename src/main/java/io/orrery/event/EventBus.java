package io.orrery.event;

import io.orrery.log.LogSafe;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where plugins and the runner emit events (poses, plugin progress, the reset signal): a fan-out to subscribers
 * such as the event stream. Emitting never fails on a subscriber's failure.
 */
public final class EventBus implements EventSink {

    private static final Logger log = LoggerFactory.getLogger(EventBus.class);

    private final List<BiConsumer<String, Object>> subscribers = new CopyOnWriteArrayList<>();

    /** Adds a subscriber, called on the publisher's thread: keep it short. */
    public void subscribe(BiConsumer<String, Object> subscriber) {
        subscribers.add(subscriber);
    }

    public void unsubscribe(BiConsumer<String, Object> subscriber) {
        subscribers.remove(subscriber);
    }

    @Override
    public void emit(String event, Object payload) {
        for (BiConsumer<String, Object> s : subscribers) {
            try {
                s.accept(event, payload);
            } catch (RuntimeException e) {
                log.debug("An event subscriber failed on event {}", LogSafe.of(event), e);
            }
        }
    }
}
