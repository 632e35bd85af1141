/**
 * Gazebo's KineticEnergyMonitor system: a link's world kinetic energy after every step, and its drop published when
 * it exceeds a threshold (a crash detector). Uses the system phases, {@code io.orrery.plugin}'s SPI (the owner's
 * model spec for the link's inertia), {@code system.gazebo}, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.kineticenergymonitor;
