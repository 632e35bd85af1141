/**
 * Gazebo's MulticopterVelocityControl system: Lee's geometric controller turning a commanded body-frame velocity and
 * yaw rate into rotor speeds for the model's MulticopterMotorModels. Uses the system phases, {@code io.orrery.plugin}'s
 * SPI and its component store (the rotor speeds go to the motor models as the model's Actuators), {@code
 * system.gazebo}, the topic bus and Gazebo's messages; plain Java.
 */
package io.orrery.system.multicoptercontrol;
