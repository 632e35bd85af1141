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
 * @param force the force the contact pushed this link with in the last step (normal and friction; world frame, N): the
 *     solver's impulse over the step it acted in, zero where the engine does not say
 * @param collision the name of this link's collision that touched, null where the engine does not say
 * @param otherCollision the name of the other link's collision that touched, null where the engine does not say
 */
public record ContactPoint(
        String otherModel,
        String otherLink,
        Vec3 position,
        Vec3 normal,
        double depth,
        Vec3 force,
        String collision,
        String otherCollision) {

    /** A contact whose force and collisions are not known. */
    public ContactPoint(String otherModel, String otherLink, Vec3 position, Vec3 normal, double depth) {
        this(otherModel, otherLink, position, normal, depth, Vec3.ZERO);
    }

    /** A contact whose collisions are not known. */
    public ContactPoint(String otherModel, String otherLink, Vec3 position, Vec3 normal, double depth, Vec3 force) {
        this(otherModel, otherLink, position, normal, depth, force, null, null);
    }
}
