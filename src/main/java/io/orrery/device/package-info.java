/**
 * Sensors as devices, like CLOiSim's Device: each {@code <sensor>} on a link becomes one device, built per loaded world
 * from its {@link io.orrery.world.SensorSpec}, stepped after physics by {@link io.orrery.device.Devices} (a PostUpdate
 * system reading the read-only view) and reset by the runner's reset cascade, between the systems and the plugins. One
 * sub-package per kind, holding the device and its {@link io.orrery.device.DeviceDescriptor} (the sensor types it
 * simulates, the Gazebo systems that feed it in Gazebo); which kinds exist is a {@link io.orrery.device.DeviceKinds}
 * derived from the descriptors and given by the wiring. Uses the system phases, the physics read-only view, the topic
 * bus, Gazebo's messages ({@code topic.msgs}) and the world records; plain Java, used by the runner and the wiring.
 */
package io.orrery.device;
