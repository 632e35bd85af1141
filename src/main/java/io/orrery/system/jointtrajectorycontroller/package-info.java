/**
 * Gazebo's JointTrajectoryController system: a model's single-axis joints follow time-parameterised trajectories
 * (positions, velocities, efforts) with a position and a velocity PID per joint, the progress published. Uses the
 * system phases, {@code io.orrery.plugin}'s SPI (the owner's model spec for its joints), {@code system.control}'s PID,
 * {@code system.gazebo}, the physics API's joint forces, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.jointtrajectorycontroller;
