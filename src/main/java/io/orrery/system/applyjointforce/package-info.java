/**
 * Gazebo's ApplyJointForce system: applies the force last received on a joint's {@code cmd_force} topic
 * ({@code gz.msgs.Double}) to that joint in every step. Uses the system phases, {@code io.orrery.plugin}'s SPI,
 * {@code system.gazebo} and {@code system.joints}, the physics API; plain Java.
 */
package io.orrery.system.applyjointforce;
