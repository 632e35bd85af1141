/**
 * Gazebo's VelocityControl system: a model, and any links named, move at the velocities last commanded on their
 * {@code gz.msgs.Twist} topics, set again every step. Uses the system phases, {@code io.orrery.plugin}'s SPI,
 * {@code system.gazebo}, the physics API, the topic bus and the world records; plain Java.
 */
package io.orrery.system.velocitycontrol;
