/**
 * Gazebo's MulticopterMotorModel system: a rotor on a revolute joint, spun to a commanded speed through a first-order
 * lag, lifting its link by the square of its speed and twisting the airframe by its drag. Uses the system phases,
 * {@code io.orrery.plugin}'s SPI, {@code system.gazebo}, the physics API's link wrench and joint commands, the topic
 * bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.multicoptermotormodel;
