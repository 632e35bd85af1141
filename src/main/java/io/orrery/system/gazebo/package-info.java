/**
 * What every ported Gazebo system shares: reading a {@code <plugin>} element's parameters the way sdformat reads
 * them (with messages that name the plugin, the element and what was expected), the model the plugin is attached
 * to, Gazebo's topic names, the sim-time publish throttle, and gz.msgs headers and poses built from Orrery's
 * geometry.
 */
package io.orrery.system.gazebo;
