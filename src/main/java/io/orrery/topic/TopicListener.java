package io.orrery.topic;

/**
 * Told of each topic that appears on a {@link TopicBus}, once, on the thread that advertised or subscribed to it
 * first, before that call returns: so before the topic's first message, whoever publishes it. Keep it quick (it may
 * run on the runner's thread in the middle of a step); it may subscribe to the topic.
 */
@FunctionalInterface
public interface TopicListener {

    /** {@code topic} has just appeared, as its first advertiser or subscriber left it. */
    void topicAppeared(TopicInfo topic);
}
