/**
 * Gazebo's AckermannSteering system: a car-like vehicle driven from {@code gz.msgs.Twist} commands through a speed
 * limiter, its front wheels turned on steering joints, with Gazebo's dead-reckoning odometry; or a steering-only
 * mode commanded by angle. Uses the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo},
 * {@code system.control}, the physics API, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.ackermannsteering;
