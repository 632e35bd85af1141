/**
 * Gazebo's TrajectoryFollower system: a model driven through planar waypoints by a force along its heading and a yaw
 * torque toward the next waypoint, paused over {@code gz.msgs.Boolean}. Uses the system phases, {@code
 * io.orrery.plugin}'s SPI (the owner's model spec), {@code system.gazebo}, the physics API's link wrench, the topic
 * bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.trajectoryfollower;
