/**
 * What Orrery's ports of Gazebo's joint systems share: reading a {@code <plugin>} element's parameters with SDF's
 * rules, the model a system is attached to, Gazebo's default topic names, the PID built from Gazebo's gain
 * elements, and finding the joints a system drives.
 */
package io.orrery.system.joints;
