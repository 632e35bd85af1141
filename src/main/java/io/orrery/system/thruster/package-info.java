/**
 * Gazebo's Thruster system: a propeller on a joint pushing its link by a commanded thrust and spinning at the speed
 * that thrust needs, while its model's battery (a component) holds charge. Uses the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, {@code
 * system.control}'s PID and the physics API's link wrench and joint commands; plain Java.
 */
package io.orrery.system.thruster;
