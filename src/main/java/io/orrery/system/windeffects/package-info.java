/**
 * Gazebo's WindEffects system: the world's {@code <wind>} smoothed into a wind that pushes every link that enables it,
 * scaled by a piecewise field over space, steered over {@code gz.msgs.Wind}. Uses the system phases, {@code
 * io.orrery.plugin}'s SPI, {@code system.gazebo}, the physics API's link wrench, the topic bus
 * and Gazebo's messages; plain Java.
 */
package io.orrery.system.windeffects;
