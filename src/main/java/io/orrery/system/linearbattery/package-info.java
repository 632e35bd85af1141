/**
 * Gazebo's LinearBatteryPlugin: a battery whose voltage falls linearly with the charge drawn by a power load, drained
 * and recharged over topics, its charge shared as a component and other systems' loads added, its state published as {@code gz.msgs.BatteryState}. Uses the system phases, {@code
 * io.orrery.plugin}'s SPI, {@code system.gazebo}, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.linearbattery;
