package io.orrery.physics;

import io.orrery.world.Vec3;

/** A body's velocity in the world frame: linear in m/s, angular in rad/s. */
public record Twist(Vec3 linear, Vec3 angular) {

    public static final Twist ZERO = new Twist(Vec3.ZERO, Vec3.ZERO);
}
