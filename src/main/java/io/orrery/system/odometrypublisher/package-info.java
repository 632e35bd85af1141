/**
 * Gazebo's OdometryPublisher system: a model's true pose and its body-frame velocities (finite differences, averaged
 * over the last ten steps) published as {@code gz.msgs.Odometry} and as a one-pose {@code Pose_V}. Uses the system
 * phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, {@code system.control}, the physics API, the topic
 * bus, Gazebo's messages and the world records; plain Java.
 */
package io.orrery.system.odometrypublisher;
