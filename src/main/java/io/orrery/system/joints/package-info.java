/**
 * What Orrery's ports of Gazebo's joint systems share beyond {@link io.orrery.system.gazebo}: reading the model and its
 * {@code <joint_name>}s, the PID built from Gazebo's gain elements, and the joints a system drives with the command it
 * follows. Uses {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, {@code system.control}, the physics API,
 * Gazebo's messages and the world records; plain Java.
 */
package io.orrery.system.joints;
