/**
 * The navigation satellite (GNSS) device: the sensor's latitude, longitude, altitude and ENU velocity from the world's
 * spherical coordinates on the WGS84 ellipsoid. Uses the device API ({@code io.orrery.device}), the physics read-only
 * view, the topic bus and the world records; plain Java.
 */
package io.orrery.device.navsat;
