/**
 * Gazebo's LogRecord system, done by Orrery's MCAP recorder: its descriptor, the plugin that checks its parameters and
 * the settings the recorder reads. Uses {@code io.orrery.plugin}'s SPI, {@code system.gazebo}'s parameters and the
 * world records; plain Java.
 */
package io.orrery.system.logrecord;
