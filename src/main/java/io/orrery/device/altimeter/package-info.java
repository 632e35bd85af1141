/**
 * The altimeter device: the sensor's height above where it started, and its vertical velocity. Uses the device API
 * ({@code io.orrery.device}), the physics read-only view, the topic bus and the world records; plain Java.
 */
package io.orrery.device.altimeter;
