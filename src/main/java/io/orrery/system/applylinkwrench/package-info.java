/**
 * Gazebo's ApplyLinkWrench system: forces and torques on links, for one step or until cleared, from the world
 * file and from {@code gz.msgs.EntityWrench} messages.
 */
package io.orrery.system.applylinkwrench;
