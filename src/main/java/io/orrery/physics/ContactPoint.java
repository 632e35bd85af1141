package io.orrery.physics;

import io.orrery.world.Vec3;

/**
 * One point where a link touched another body in the last step.
 *
 * @param otherModel the other body's top-level model
 * @param otherLink the other body's link, scoped within its model
 * @param position the point on this link's surface, world frame
 * @param normal unit vector from the other body towards this link: the direction the contact pushes this link
 * @param depth how far the bodies overlap there, metres (zero or more)
 */
public record ContactPoint(String otherModel, String otherLink, Vec3 position, Vec3 normal, double depth) {}
