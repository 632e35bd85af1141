package io.orrery.physics;

import io.orrery.world.Pose;

/**
 * A link's state at one instant.
 *
 * @param name the link name, scoped within its top-level model ({@code link} or {@code nested::link})
 * @param pose the link frame in the world frame
 * @param velocity the link's velocity in the world frame
 * @param sleeping true when the body is deactivated (asleep)
 */
public record LinkState(String name, Pose pose, Twist velocity, boolean sleeping) {
}
