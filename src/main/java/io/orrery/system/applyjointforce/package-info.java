/**
 * Gazebo's ApplyJointForce system: applies the force last received on a joint's {@code cmd_force} topic
 * ({@code gz.msgs.Double}) to that joint in every step.
 */
package io.orrery.system.applyjointforce;
