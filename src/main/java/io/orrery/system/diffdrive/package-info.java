/**
 * Gazebo's DiffDrive system: a model with left and right wheel joints driven from {@code gz.msgs.Twist} commands
 * through a speed limiter, with odometry integrated from the wheel positions as gz-math does. Uses the system phases,
 * {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, {@code system.control}, the physics API, the topic bus and
 * Gazebo's messages; plain Java.
 */
package io.orrery.system.diffdrive;
