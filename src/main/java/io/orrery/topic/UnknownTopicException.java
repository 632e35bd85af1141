package io.orrery.topic;

import java.util.List;

/** A topic nobody has advertised or subscribed to; names the topics there are. */
public final class UnknownTopicException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String topic;
    private final transient List<String> known;

    /**
     * @param topic the topic asked for
     * @param reason what is missing, such as "no topic '/imu'"
     * @param known the topics there are, of the kind asked for
     */
    public UnknownTopicException(String topic, String reason, List<String> known) {
        super(reason + "; " + (known.isEmpty() ? "there are none yet" : "there are: " + String.join(", ", known)));
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
