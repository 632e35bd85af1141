/**
 * Gazebo's TriggeredPublisher system: messages on an input topic that pass its matchers (whole message or one field,
 * with a float tolerance) publish configured messages on output topics and call Orrery's world services, at once or
 * after a delay in sim time. Uses
 * the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, the topic bus and Gazebo's messages
 * (protobuf's text format); plain Java.
 */
package io.orrery.system.triggeredpublisher;
