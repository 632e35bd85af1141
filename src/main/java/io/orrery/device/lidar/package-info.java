/**
 * The lidar device: ranges by ray casts against the collision shapes (a GPU lidar here is a CPU lidar). Uses the device
 * API ({@code io.orrery.device}), the physics read-only view, the topic bus and Gazebo's messages ({@code topic.msgs})
 * and the world records; plain Java.
 */
package io.orrery.device.lidar;
