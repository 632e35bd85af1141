/**
 * The environmental sensor's declaration: Gazebo's {@code custom} sensors of {@code gz:type}
 * {@code environmental_sensor/<field>}, which the EnvironmentalSystem samples ({@code system.environmentalsensor});
 * declared here so that the world reader takes them as simulated. Uses the device API only; plain Java.
 */
package io.orrery.device.environmental;
