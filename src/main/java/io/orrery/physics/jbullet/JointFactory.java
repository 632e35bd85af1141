package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.constraintsolver.Generic6DofConstraint;
import com.bulletphysics.dynamics.constraintsolver.HingeConstraint;
import com.bulletphysics.dynamics.constraintsolver.Point2PointConstraint;
import com.bulletphysics.dynamics.constraintsolver.SliderConstraint;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import com.bulletphysics.linearmath.ScalarUtil;
import com.bulletphysics.linearmath.Transform;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import javax.vecmath.Vector3f;

/**
 * Turns a joint into a JBullet constraint. Frames are computed from the links' poses at creation, so the
 * joint's zero position is the configuration the links are in then.
 */
final class JointFactory {

    private static final Vec3 UNIT_X = new Vec3(1, 0, 0);
    /**
     * JBullet treats an angular range with lower == upper as free, so locked rotations get this much room
     * (radians) instead.
     */
    private static final float LOCK_EPSILON = 1e-5f;

    private JointFactory() {
    }

    /**
     * The joint frame in the world at creation, turned so that the axis is JBullet's: Z for a hinge, X for a
     * slider; the joint frame itself for fixed and ball joints.
     *
     * @param where the joint, for messages
     * @param joint the joint
     * @param childLinkWorld the child link frame in the world
     */
    static Pose frame(String where, JointSpec joint, Pose childLinkWorld) {
        Pose jointWorld = childLinkWorld.compose(joint.pose());
        return switch (joint.type()) {
            case REVOLUTE, CONTINUOUS -> jointWorld.compose(
                    new Pose(Vec3.ZERO, Convert.rotationBetween(Vec3.UNIT_Z, axis(where, joint))));
            case PRISMATIC -> jointWorld.compose(new Pose(Vec3.ZERO, Convert.rotationBetween(UNIT_X, axis(where, joint))));
            case FIXED, BALL -> jointWorld;
        };
    }

    /** The axis, in the frame {@link #frame} gives, along which the joint moves (unused for fixed and ball). */
    static Vec3 localAxis(JointSpec.JointType type) {
        return type == JointSpec.JointType.PRISMATIC ? UNIT_X : Vec3.UNIT_Z;
    }

    /**
     * Creates the constraint.
     *
     * @param where the joint, for messages
     * @param joint the joint
     * @param parentBody the parent's body (a static anchor at the world origin for {@code world})
     * @param inParent the joint {@link #frame} in the parent body's centre-of-mass frame
     * @param childBody the child's body
     * @param inChild the joint frame in the child body's centre-of-mass frame
     */
    static TypedConstraint create(String where, JointSpec joint, RigidBody parentBody, Pose inParent,
            RigidBody childBody, Pose inChild) {
        Transform inA = Convert.transform(inParent);
        Transform inB = Convert.transform(inChild);
        JointLimits limits = joint.limits();
        switch (joint.type()) {
            case REVOLUTE, CONTINUOUS -> {
                HingeConstraint hinge = new HingeConstraint(parentBody, childBody, inA, inB);
                if (joint.type() == JointSpec.JointType.REVOLUTE && limits.isBounded()
                        && (limits.lower() > -Math.PI || limits.upper() < Math.PI)) {
                    // Bullet's hinge angle is the parent's rotation relative to the child: the negated SDF position.
                    float lower = hingeAngle(-Math.min(Math.PI, limits.upper()));
                    float upper = hingeAngle(-Math.max(-Math.PI, limits.lower()));
                    if (upper - lower < 2 * LOCK_EPSILON) {
                        lower -= LOCK_EPSILON;
                        upper += LOCK_EPSILON;
                    }
                    // Softness 1: the limit engages at the limit, not at 90 % of it as with Bullet's default.
                    hinge.setLimit(lower, upper, 1.0f, 0.3f, 1.0f);
                }
                return hinge;
            }
            case PRISMATIC -> {
                SliderConstraint slider = new SliderConstraint(parentBody, childBody, inA, inB, true);
                if (limits.isBounded()) {
                    slider.setLowerLinLimit((float) limits.lower());
                    slider.setUpperLinLimit((float) limits.upper());
                }
                return slider;
            }
            case FIXED -> {
                Generic6DofConstraint fixed = new Generic6DofConstraint(parentBody, childBody, inA, inB, true);
                fixed.setLinearLowerLimit(new Vector3f(0, 0, 0));
                fixed.setLinearUpperLimit(new Vector3f(0, 0, 0));
                fixed.setAngularLowerLimit(new Vector3f(-LOCK_EPSILON, -LOCK_EPSILON, -LOCK_EPSILON));
                fixed.setAngularUpperLimit(new Vector3f(LOCK_EPSILON, LOCK_EPSILON, LOCK_EPSILON));
                return fixed;
            }
            case BALL -> {
                return new Point2PointConstraint(parentBody, childBody, inA.origin, inB.origin);
            }
            default -> throw new IllegalArgumentException(where + ": unknown joint type " + joint.type());
        }
    }

    /**
     * The hinge angle JBullet computes for a true angle: it measures angles with a fast, coarse atan2 (off by up
     * to 0.07 rad), so limits are given in its measure to engage at the true angle.
     */
    static float hingeAngle(double radians) {
        return ScalarUtil.atan2Fast((float) Math.sin(radians), (float) Math.cos(radians));
    }

    private static Vec3 axis(String where, JointSpec joint) {
        Vec3 axis = joint.axis();
        if (axis == null || !axis.isFinite() || axis.length() < 1e-9) {
            throw new IllegalArgumentException(where + ": expected a non-zero <axis><xyz>, got " + axis);
        }
        return axis.normalized();
    }
}
