/**
 * Gazebo's WheelSlip system: each wheel's contacts slip under force as ODE's slip compliance, scaled each step from
 * unitless compliances by the wheel's rim speed over its expected normal force. Uses the system phases,
 * {@code io.orrery.plugin}'s SPI, {@code system.gazebo} and the physics API; plain Java.
 */
package io.orrery.system.wheelslip;
