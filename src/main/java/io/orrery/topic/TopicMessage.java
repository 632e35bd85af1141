package io.orrery.topic;

import com.google.protobuf.Message;

/**
 * A message as delivered on a topic: the latest one is kept per topic.
 *
 * @param topic the topic's name
 * @param type its message type's name
 * @param message the message
 * @param sequence counts the messages delivered on the bus in this episode (a reset starts it over), so a reader can
 *     tell a new one from one it has seen
 * @param simTimeNanos the sim time it was delivered at: the time of the step whose systems published it, or the time
 *     paused at for a message published between steps
 */
public record TopicMessage(String topic, String type, Message message, long sequence, long simTimeNanos) {}
