/**
 * Gazebo's PosePublisher system: a model's link (and model) poses, each relative to its parent, published as
 * {@code gz.msgs.Pose} or {@code Pose_V}, with the poses that cannot change optionally on a separate topic. Uses the
 * system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, the physics API, the topic bus, Gazebo's
 * messages and the world records; plain Java.
 */
package io.orrery.system.posepublisher;
