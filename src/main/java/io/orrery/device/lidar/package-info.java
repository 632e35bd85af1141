/** The lidar device: ranges by ray casts against the collision shapes (a GPU lidar here is a CPU lidar). */
package io.orrery.device.lidar;
