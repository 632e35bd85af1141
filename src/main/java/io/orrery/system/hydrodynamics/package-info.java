/**
 * Gazebo's Hydrodynamics system: Fossen's added mass, Coriolis and damping forces on an underwater vehicle's link,
 * moving relative to an ocean current. Uses the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo}
 * and the physics API's link wrench; plain Java.
 */
package io.orrery.system.hydrodynamics;
