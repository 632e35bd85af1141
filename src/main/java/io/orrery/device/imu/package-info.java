/**
 * The IMU device: orientation, angular velocity and proper acceleration (gravity included) of its link. Uses the device
 * API ({@code io.orrery.device}), the physics read-only view, the topic bus and Gazebo's messages ({@code topic.msgs})
 * and the world records; plain Java.
 */
package io.orrery.device.imu;
