package io.orrery.topic;

/**
 * A message as delivered on a topic: the latest one is kept per topic.
 *
 * @param topic the topic's name
 * @param type its message type's name
 * @param message the message record
 * @param sequence counts the messages delivered on the bus, so a reader can tell a new one from one it has seen
 */
public record TopicMessage(String topic, String type, Object message, long sequence) {
}
