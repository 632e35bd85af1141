/** The IMU device: orientation, angular velocity and proper acceleration (gravity included) of its link. */
package io.orrery.device.imu;
