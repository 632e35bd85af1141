/**
 * Gazebo's DiffDrive system: a model with left and right wheel joints driven from {@code gz.msgs.Twist} commands
 * through a speed limiter, with odometry integrated from the wheel positions as gz-math does.
 */
package io.orrery.system.diffdrive;
