/**
 * Sensors as devices, like CLOiSim's Device: each {@code <sensor>} on a link becomes one device, built per loaded
 * world from its {@link io.orrery.world.SensorSpec}, stepped after physics by {@link io.orrery.device.Devices}
 * (a PostUpdate system reading the read-only view) and reset by the runner's reset cascade, between the systems
 * and the plugins. One sub-package per kind; which kinds exist is a {@link io.orrery.device.DeviceKinds} given by
 * the wiring (Orrery's own are named in {@code io.orrery.builtin}).
 */
package io.orrery.device;
