/**
 * Gazebo's TouchPlugin: tells once that a model has touched a target for long enough. Uses the system phases,
 * {@code io.orrery.plugin}'s SPI, the physics API, {@code system.gazebo} (the declaring model), the topic bus, Gazebo's messages and the world records;
 * plain Java.
 */
package io.orrery.system.touchplugin;
