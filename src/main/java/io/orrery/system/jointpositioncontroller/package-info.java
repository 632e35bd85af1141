/**
 * Gazebo's JointPositionController system: holds one or more joints of its model at a commanded position, taken
 * from {@code gz.msgs.Double} messages, through a PID that outputs a force, or through the joints' velocity
 * command.
 */
package io.orrery.system.jointpositioncontroller;
