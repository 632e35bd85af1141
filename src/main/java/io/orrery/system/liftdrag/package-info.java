/**
 * Gazebo's LiftDrag system: lift, drag and pitching moment on a wing, a blade or a fin from its velocity through
 * the air, with stall and sweep. Uses the system phases, {@code io.orrery.plugin}'s SPI, {@code system.gazebo} and
 * the physics API's link wrench; plain Java.
 */
package io.orrery.system.liftdrag;
