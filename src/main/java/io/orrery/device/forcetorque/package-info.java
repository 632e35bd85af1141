/**
 * The force/torque device: the wrench a joint transmits between its links, found by Newton–Euler over the links on
 * the child's side (the physics gives their velocities and contact impulses, not joint wrenches). Uses the device API
 * ({@code io.orrery.device}), the physics read-only view, the topic bus and Gazebo's messages ({@code topic.msgs})
 * and the world records; plain Java.
 */
package io.orrery.device.forcetorque;
