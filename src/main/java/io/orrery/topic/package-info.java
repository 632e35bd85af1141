/**
 * The in-process topic bus that plugins, systems and devices publish to and subscribe to, with Gazebo's topic
 * names and gz.msgs message types (gz-msgs' protobuf messages, generated into {@code com.gz.msgs};
 * {@code topic.msgs} builds and names them). One {@link io.orrery.topic.TopicBus} per
 * loaded world, driven by the runner thread: subscribers are called there, and messages from other threads are
 * delivered at StepEnd. A name is made absolute once, where it enters ({@link io.orrery.topic.TopicNames}); the bus
 * looks a name up as given and normalizes only one that misses. Plain Java, using only {@code world} records and the
 * generated messages: the runner creates the bus, the surfaces read and publish through the use cases.
 */
package io.orrery.topic;
