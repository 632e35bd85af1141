/**
 * What the ported Gazebo systems share: reading a {@code <plugin>} element's parameters the way sdformat reads
 * them (with messages that name the plugin, the element and what was expected), and building gz.msgs headers and
 * poses from Orrery's geometry.
 */
package io.orrery.system.gazebo;
