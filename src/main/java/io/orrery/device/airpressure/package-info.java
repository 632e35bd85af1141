/**
 * The air pressure device: the barometric pressure at the sensor's altitude. Uses the device API
 * ({@code io.orrery.device}), the physics read-only view, the topic bus and the world records; plain Java.
 */
package io.orrery.device.airpressure;
