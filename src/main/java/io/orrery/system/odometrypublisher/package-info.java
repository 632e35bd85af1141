/**
 * Gazebo's OdometryPublisher system: a model's true pose and its body-frame velocities (finite differences,
 * averaged over the last ten steps) published as {@code gz.msgs.Odometry} and as a one-pose {@code Pose_V}.
 */
package io.orrery.system.odometrypublisher;
