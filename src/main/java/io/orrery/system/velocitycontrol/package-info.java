/**
 * Gazebo's VelocityControl system: a model, and any links named, move at the velocities last commanded on their
 * {@code gz.msgs.Twist} topics, set again every step.
 */
package io.orrery.system.velocitycontrol;
