/**
 * Gazebo's PosePublisher system: a model's link (and model) poses, each relative to its parent, published as
 * {@code gz.msgs.Pose} or {@code Pose_V}, with the poses that cannot change optionally on a separate topic.
 */
package io.orrery.system.posepublisher;
