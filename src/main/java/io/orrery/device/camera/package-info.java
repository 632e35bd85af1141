/**
 * Camera devices: {@code camera}, {@code depth_camera}, {@code rgbd_camera} and {@code segmentation} sensors, drawn headless by
 * {@link io.orrery.render} on a thread of their own from the poses of the step they sample, and published as
 * gz.msgs.Image on Gazebo's topics (docs/cameras.md). Plain Java: uses {@code device}, {@code render}, the world
 * records, physics' views, systems' phases and the topic bus with its gz messages; declared to the wiring by its
 * descriptors, used by nothing else.
 */
package io.orrery.device.camera;
