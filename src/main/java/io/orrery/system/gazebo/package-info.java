/**
 * What every ported Gazebo system shares and only systems need: reading a {@code <plugin>} element's parameters the way
 * sdformat reads them (with messages that name the plugin, the element and what was expected), the model the plugin is
 * attached to, Gazebo's topic names, the sim-time publish throttle and the odometry output the wheeled drives share.
 * Messages themselves (headers, times, poses, entity ids) are built in {@code io.orrery.topic.msgs}, the one room for
 * gz.msgs. Uses {@code io.orrery.plugin}'s SPI, the topic bus, {@code topic.msgs}, the physics API's read-only view
 * and the world records; plain Java.
 */
package io.orrery.system.gazebo;
