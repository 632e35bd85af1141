/**
 * Gazebo's DetachableJoint system: a fixed joint between a link of the model and a link of another (or the same)
 * model, made at the start and broken or made again on topics, its state published. Uses the system phases,
 * {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, the physics API's joints made while running, the topic bus
 * and Gazebo's messages; plain Java.
 */
package io.orrery.system.detachablejoint;
