/**
 * Gazebo's JointStatePublisher system: publishes the positions, velocities and efforts of a model's joints as
 * {@code gz.msgs.Model}, stamped in sim time. Uses the system phases, {@code io.orrery.plugin}'s SPI,
 * {@code system.gazebo}, {@code system.joints}, the physics API, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.jointstatepublisher;
