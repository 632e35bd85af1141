/**
 * Gazebo's JointStatePublisher system: publishes the positions, velocities and efforts of a model's joints as
 * {@code gz.msgs.Model}, stamped in sim time.
 */
package io.orrery.system.jointstatepublisher;
