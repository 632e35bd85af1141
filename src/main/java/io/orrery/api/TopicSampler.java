package io.orrery.api;

import io.orrery.topic.TopicMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One event stream client's topics, sampled at the client's rate: each sample yields, per topic, the latest
 * message if the client has not been sent it yet and is not still waiting for the one before (a slow client
 * gets the newest message when it is ready, not a backlog). The loop only keeps the latest message per topic, so
 * it never waits for a client.
 */
final class TopicSampler {

    private final List<String> topics;
    private final Map<String, TopicMessage> lastOffered = new HashMap<>();

    TopicSampler(List<String> topics) {
        this.topics = List.copyOf(topics);
    }

    List<String> topics() {
        return topics;
    }

    /**
     * The messages to send now.
     *
     * @param latest each topic's latest message
     * @param stillQueued true for a topic whose previous message the client has not been sent yet
     */
    synchronized List<TopicMessage> sample(
            Function<String, Optional<TopicMessage>> latest, Predicate<String> stillQueued) {
        List<TopicMessage> due = new ArrayList<>();
        for (String topic : topics) {
            Optional<TopicMessage> m = latest.apply(topic);
            if (m.isPresent() && m.get() != lastOffered.get(topic) && !stillQueued.test(topic)) {
                lastOffered.put(topic, m.get());
                due.add(m.get());
            }
        }
        return due;
    }
}
