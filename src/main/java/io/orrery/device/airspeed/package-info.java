/**
 * The air speed device: a pitot tube's differential pressure and the air's temperature. Uses the device API
 * ({@code io.orrery.device}), the physics read-only view, the topic bus and the world records; plain Java.
 */
package io.orrery.device.airspeed;
