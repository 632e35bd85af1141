package io.orrery.world;

/**
 * A {@code <collision>}.
 *
 * @param name collision name
 * @param pose pose in the link frame
 * @param geometry its shape
 * @param surface friction and bounce
 */
public record CollisionSpec(String name, Pose pose, Geometry geometry, SurfaceSpec surface) {}
