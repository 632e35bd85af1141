/**
 * Gazebo's EnvironmentalSystem: the world's environmental sensors, sampling the data EnvironmentPreload loaded at
 * their world position and sim time. Uses the system phases, {@code io.orrery.plugin}'s SPI (the world as loaded, its
 * components), {@code system.gazebo}, the noise streams, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.environmentalsensor;
