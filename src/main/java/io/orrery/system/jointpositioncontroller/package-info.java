/**
 * Gazebo's JointPositionController system: holds one or more joints of its model at a commanded position, taken from
 * {@code gz.msgs.Double} messages, through a PID that outputs a force, or through the joints' velocity command. Uses
 * the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, {@code system.control},
 * {@code system.joints}, the physics API; plain Java.
 */
package io.orrery.system.jointpositioncontroller;
