/**
 * Gazebo's Buoyancy system: the weight of displaced fluid pushing links up, in a fluid of one density or in layers of
 * density by height. Uses the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo} and the physics
 * API's link wrench; plain Java.
 */
package io.orrery.system.buoyancy;
