/** The magnetometer device: the world's magnetic field in the sensor frame. */
package io.orrery.device.magnetometer;
