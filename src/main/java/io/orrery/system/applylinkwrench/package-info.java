/**
 * Gazebo's ApplyLinkWrench system: forces and torques on links, for one step or until cleared, from the world
 * file and from {@code gz.msgs.EntityWrench} messages. Uses the system phases, {@code io.orrery.plugin}'s SPI,
 * {@code system.gazebo}, the physics API's link wrench, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.applylinkwrench;
