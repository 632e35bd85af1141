/**
 * Gazebo's PerformerDetector system: a region of a model, and a message each time one of the world's performers
 * enters or leaves it. Uses the system phases, {@code io.orrery.plugin}'s SPI (the world's performers),
 * {@code system.gazebo}, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.performerdetector;
