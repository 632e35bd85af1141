/**
 * Gazebo's BuoyancyEngine system: a bladder whose volume follows a set point at a bounded rate and pushes its link up
 * or down against the neutral volume. Uses the system phases, {@code io.orrery.plugin}'s SPI (the owner's model spec,
 * the world's gravity), {@code system.gazebo}, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.buoyancyengine;
