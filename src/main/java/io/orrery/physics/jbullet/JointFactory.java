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
import javax.vecmath.Vector3f;

/**
 * Turns a joint into a JBullet constraint, in the joint frame {@link io.orrery.physics.rigid.JointFrame} gives: the
 * axis along Z for a hinge or a screw, X for a slider. A universal or revolute2 joint is a point-to-point constraint
 * here and {@link AxisRows} holds its rotation; a screw is a slider free to turn, whose advance the joint's coupling
 * ties to its turn; a gearbox has no constraint of its own (its coupling is all of it).
 */
final class JointFactory {

    /**
     * JBullet treats an angular range with lower == upper as free, so locked rotations get this much room
     * (radians) instead.
     */
    private static final float LOCK_EPSILON = 1e-5f;

    private JointFactory() {}

    /** Turns a frame whose Z is the axis into one whose X is: a slider's axis is its frame's X. */
    private static final Pose Z_TO_X = new Pose(
            io.orrery.world.Vec3.ZERO,
            io.orrery.world.Quat.fromAxisAngle(new io.orrery.world.Vec3(0, 1, 0), -Math.PI / 2));

    /**
     * Creates the constraint; null for a gearbox.
     *
     * @param where the joint, for messages
     * @param joint the joint
     * @param parentBody the parent's body (a static anchor at the world origin for {@code world})
     * @param inParent the joint frame in the parent body's centre-of-mass frame
     * @param childBody the child's body
     * @param inChild the joint frame in the child body's centre-of-mass frame
     */
    static TypedConstraint create(
            String where, JointSpec joint, RigidBody parentBody, Pose inParent, RigidBody childBody, Pose inChild) {
        Transform inA = Convert.transform(inParent);
        Transform inB = Convert.transform(inChild);
        JointLimits limits = joint.limits();
        switch (joint.type()) {
            case REVOLUTE, CONTINUOUS -> {
                HingeConstraint hinge = new HingeConstraint(parentBody, childBody, inA, inB);
                if (joint.type() == JointSpec.JointType.REVOLUTE
                        && limits.isBounded()
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
            case BALL, UNIVERSAL, REVOLUTE2 -> {
                return new Point2PointConstraint(parentBody, childBody, inA.origin, inB.origin);
            }
            case SCREW -> {
                SliderConstraint slider = new SliderConstraint(
                        parentBody,
                        childBody,
                        Convert.transform(inParent.compose(Z_TO_X)),
                        Convert.transform(inChild.compose(Z_TO_X)),
                        true);
                // lower above upper: free to turn and to slide (the coupling ties the two and holds the limits)
                slider.setLowerAngLimit(1);
                slider.setUpperAngLimit(-1);
                slider.setLowerLinLimit(1);
                slider.setUpperLinLimit(-1);
                return slider;
            }
            case GEARBOX -> {
                return null;
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
}
