package io.orrery.topic;

import java.util.List;

/**
 * A topic as {@code GET /api/topics} lists it.
 *
 * @param name the topic's name, such as {@code /model/vehicle_blue/cmd_vel}
 * @param type its message type, such as {@code gz.msgs.Twist}
 * @param publishers who advertised it, each once, in the order they came
 * @param subscribers who subscribed to it, each once, in the order they came
 */
public record TopicInfo(String name, String type, List<String> publishers, List<String> subscribers) {

    public TopicInfo {
        publishers = List.copyOf(publishers);
        subscribers = List.copyOf(subscribers);
    }
}
