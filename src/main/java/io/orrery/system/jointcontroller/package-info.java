/**
 * Gazebo's JointController system: drives one or more joints of its model at a commanded velocity, taken from
 * {@code gz.msgs.Double} messages, either as the joints' velocity command or through a PID on velocity that outputs a
 * force. Uses the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, {@code system.control},
 * {@code system.joints}, the physics API; plain Java.
 */
package io.orrery.system.jointcontroller;
