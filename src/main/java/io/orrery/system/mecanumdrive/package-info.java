/**
 * Gazebo's MecanumDrive system: a four-wheel (or more) mecanum vehicle driven from {@code gz.msgs.Twist} commands,
 * forward, sideways and turning, through a speed limiter, with Gazebo's dead-reckoning odometry. The wheels move the
 * vehicle sideways only through their surfaces' anisotropic friction ({@code mu2}, {@code fdir1}), which the physics
 * engines simulate. Uses the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo},
 * {@code system.control}, the physics API, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.mecanumdrive;
