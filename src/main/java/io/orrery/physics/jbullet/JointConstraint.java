package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;

/**
 * A joint's constraint and its two links ({@code parent} is null for the world). A constraint is in the
 * dynamics world only while one of its bodies can move.
 */
final class JointConstraint {

    final String name;
    final TypedConstraint constraint;
    final LinkBody parent;
    final LinkBody child;
    boolean added;

    JointConstraint(String name, TypedConstraint constraint, LinkBody parent, LinkBody child) {
        this.name = name;
        this.constraint = constraint;
        this.parent = parent;
        this.child = child;
    }
}
