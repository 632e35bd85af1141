/** The altimeter device: the sensor's height above where it started, and its vertical velocity. */
package io.orrery.device.altimeter;
