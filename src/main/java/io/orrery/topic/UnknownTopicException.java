package io.orrery.topic;

import java.util.List;

/** A topic nobody has advertised or subscribed to; names the topics there are. */
public final class UnknownTopicException extends RuntimeException {

    private final String topic;
    private final List<String> known;

    public UnknownTopicException(String topic, String what, List<String> known) {
        super("no " + what + " '" + topic + "'; " + (known.isEmpty() ? "there are none yet"
                : "there are: " + String.join(", ", known)));
        this.topic = topic;
        this.known = List.copyOf(known);
    }

    /** The topic asked for. */
    public String topic() {
        return topic;
    }

    /** The topics there are, of the kind asked for. */
    public List<String> known() {
        return known;
    }
}
