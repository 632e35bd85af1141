package io.orrery.system.multicoptercontrol;

import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * The centre-of-mass link's state the controller works from.
 *
 * @param rotation the link's orientation in the world
 * @param linearVelocityWorld its linear velocity in the world frame (m/s)
 * @param angularVelocityBody its angular velocity in its own frame (rad/s)
 */
record FrameData(Quat rotation, Vec3 linearVelocityWorld, Vec3 angularVelocityBody) {}
