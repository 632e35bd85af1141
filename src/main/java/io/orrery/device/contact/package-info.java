/**
 * The contact device: what its collisions touch, one contact per pair of collisions as Gazebo reports them. Uses the device API
 * ({@code io.orrery.device}), the physics read-only view, the topic bus and Gazebo's messages ({@code topic.msgs}) and
 * the world records; plain Java.
 */
package io.orrery.device.contact;
