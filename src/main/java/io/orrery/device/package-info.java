/**
 * Sensors as devices, like CLOiSim's Device: each {@code <sensor>} on a link becomes one device, built per loaded
 * world from its {@link io.orrery.world.SensorSpec}, stepped after physics by {@link io.orrery.device.Devices}
 * (a PostUpdate system reading the read-only view) and reset by the runner's reset cascade, between the systems
 * and the plugins. One sub-package per kind.
 */
package io.orrery.device;
