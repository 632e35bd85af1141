/**
 * The logical camera device: which models lie inside a frustum, and where, without rendering. Uses the device API
 * ({@code io.orrery.device}), the physics read-only view, the topic bus and Gazebo's messages ({@code topic.msgs}) and
 * the world records; plain Java.
 */
package io.orrery.device.logicalcamera;
