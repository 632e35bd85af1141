/**
 * The in-process topic bus that plugins, systems and devices publish to and subscribe to, with Gazebo's topic
 * names and gz.msgs message types (gz-msgs' protobuf messages, generated into {@code com.gz.msgs};
 * {@code topic.msgs} builds and names them). One {@link io.orrery.topic.TopicBus} per
 * loaded world, driven by the runner thread: subscribers are called there, and messages from other threads are
 * delivered at StepEnd. Plain Java: the runner creates the bus, the API reads and publishes through the runner.
 */
package io.orrery.topic;
