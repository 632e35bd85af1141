/**
 * Gazebo's EnvironmentPreload system: environmental data over time and space read from a CSV file and shared with the
 * world's environmental sensors as a component. Uses the system phases, {@code io.orrery.plugin}'s SPI (the world as
 * loaded, its components), {@code system.gazebo} and the world records; plain Java.
 */
package io.orrery.system.environmentpreload;
