package io.orrery.physics;

import io.orrery.world.Vec3;

/**
 * The closest body a ray meets.
 *
 * @param point where the ray meets the surface, world frame
 * @param normal the surface normal there, unit length, facing the ray's origin side
 * @param distance metres from the ray's start to {@code point}
 * @param model the top-level model hit
 * @param link the link hit, scoped within its model
 */
public record RayHit(Vec3 point, Vec3 normal, double distance, String model, String link) {}
