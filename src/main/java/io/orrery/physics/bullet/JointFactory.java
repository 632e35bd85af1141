package io.orrery.physics.bullet;

import com.jme3.bullet.RotationOrder;
import com.jme3.bullet.joints.Constraint;
import com.jme3.bullet.joints.New6Dof;
import com.jme3.bullet.joints.Point2PointJoint;
import com.jme3.bullet.joints.motors.MotorParam;
import com.jme3.bullet.objects.PhysicsRigidBody;
import io.orrery.physics.rigid.JointFrame;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * Turns a joint into a Bullet constraint: a {@code btGeneric6DofSpring2Constraint} (Libbulletjme's {@link New6Dof})
 * whose joint frame ({@link io.orrery.physics.rigid.JointFrame}) has the axis along Z for a hinge and X for a
 * slider, that degree of freedom free or limited and the other five locked; a point-to-point constraint for a ball
 * joint. Unlike the JBullet engine's hinge, the angle Bullet 3 limits is the child's rotation relative to the
 * parent, measured exactly, so SDF limits map directly (turned round: see {@link #create}).
 *
 * <p>The constraint's rotation is Z-Y-X angles of the child's frame in the parent's, each the negative of the angle
 * SDF measures: the first (Z) turns about an axis the parent carries, the last (X) about one the child carries. A
 * universal or revolute2 joint is that: Z its first axis, X (of the child's frame, turned about Y by ψ where the axes
 * are not square) its second, Y locked at -ψ. A screw is a hinge free to slide along Z too, its advance tied to its
 * turn by the joint's coupling; a gearbox has no constraint of its own.
 */
final class JointFactory {

    static final int X_TRANSLATION = 0;
    static final int Z_ROTATION = 5;

    private JointFactory() {}

    /** The degree of freedom of a {@link New6Dof} in the joint frame that the joint moves along. */
    static int dof(JointSpec.JointType type) {
        return type == JointSpec.JointType.PRISMATIC ? X_TRANSLATION : Z_ROTATION;
    }

    static final int Z_TRANSLATION = 2;
    static final int X_ROTATION = 3;
    static final int Y_ROTATION = 4;

    /**
     * The frame the child carries a universal or revolute2 joint's second axis in, along X: the joint frame turned
     * about Y by ψ ({@link JointFrame#secondAxisTilt}); the joint frame itself for the other joints.
     */
    static Pose childFrame(JointSpec joint, Pose inChild) {
        if (joint.type() != JointSpec.JointType.UNIVERSAL && joint.type() != JointSpec.JointType.REVOLUTE2) {
            return inChild;
        }
        return inChild.compose(
                new Pose(Vec3.ZERO, Quat.fromAxisAngle(new Vec3(0, 1, 0), JointFrame.secondAxisTilt(joint))));
    }

    /**
     * Creates the constraint; {@code parentBody} null means the world, {@code inParent} then being the frame in the
     * world. Null for a gearbox.
     */
    static Constraint create(
            String where,
            JointSpec joint,
            PhysicsRigidBody parentBody,
            Pose inParent,
            PhysicsRigidBody childBody,
            Pose inChild) {
        if (joint.type() == JointSpec.JointType.GEARBOX) {
            return null;
        }
        if (joint.type() == JointSpec.JointType.BALL) {
            if (parentBody == null) {
                return new Point2PointJoint(
                        childBody, Convert.vector(inChild.position()), Convert.vector(inParent.position()));
            }
            Point2PointJoint ball = new Point2PointJoint(
                    parentBody, childBody, Convert.vector(inParent.position()), Convert.vector(inChild.position()));
            // as for every other joint: a caster ball inside its chassis's box would otherwise be pushed out of it
            ball.setCollisionBetweenLinkedBodies(false);
            return ball;
        }
        New6Dof constraint = sixDof(parentBody, inParent, childBody, childFrame(joint, inChild));
        for (int dof = 0; dof < 6; dof++) {
            lock(constraint, dof);
        }
        JointLimits limits = joint.limits();
        switch (joint.type()) {
            case REVOLUTE -> hinge(constraint, Z_ROTATION, limits);
            case UNIVERSAL, REVOLUTE2 -> {
                hinge(constraint, Z_ROTATION, limits);
                hinge(constraint, X_ROTATION, joint.axis2().orElseThrow().limits());
                double tilt = -JointFrame.secondAxisTilt(joint);
                limit(constraint, Y_ROTATION, tilt, tilt);
            }
            case SCREW -> {
                // free to turn and to slide: the joint's coupling ties the two and holds the limits
                free(constraint, Z_ROTATION);
                free(constraint, Z_TRANSLATION);
            }
            case CONTINUOUS -> free(constraint, Z_ROTATION);
            case PRISMATIC -> {
                if (limits.isBounded()) {
                    limit(constraint, X_TRANSLATION, limits.lower(), limits.upper());
                } else {
                    free(constraint, X_TRANSLATION);
                }
            }
            case FIXED -> {
                // all six locked
            }
            default -> throw new IllegalArgumentException(where + ": unknown joint type " + joint.type());
        }
        return constraint;
    }

    /**
     * A rotation limited to SDF's [lower, upper] (within ±π), free when the limits hold a whole turn. Bullet measures
     * the rotation the other way round (as JointDrive's motor, which negates its target): SDF's [lower, upper] is
     * Bullet's [-upper, -lower].
     */
    private static void hinge(New6Dof constraint, int dof, JointLimits limits) {
        if (limits.isBounded() && (limits.lower() > -Math.PI || limits.upper() < Math.PI)) {
            limit(constraint, dof, -Math.min(Math.PI, limits.upper()), -Math.max(-Math.PI, limits.lower()));
        } else {
            free(constraint, dof);
        }
    }

    /** A constraint with every degree of freedom free: what a {@link JointDrive} motor acts through. */
    static New6Dof free(PhysicsRigidBody parentBody, Pose inParent, PhysicsRigidBody childBody, Pose inChild) {
        New6Dof constraint = sixDof(parentBody, inParent, childBody, inChild);
        for (int dof = 0; dof < 6; dof++) {
            free(constraint, dof);
        }
        return constraint;
    }

    private static New6Dof sixDof(
            PhysicsRigidBody parentBody, Pose inParent, PhysicsRigidBody childBody, Pose inChild) {
        New6Dof constraint = parentBody == null
                ? new New6Dof(
                        childBody,
                        Convert.vector(inChild.position()),
                        Convert.vector(inParent.position()),
                        Convert.matrix(inChild.rotation()),
                        Convert.matrix(inParent.rotation()),
                        RotationOrder.XYZ)
                : new New6Dof(
                        parentBody,
                        childBody,
                        Convert.vector(inParent.position()),
                        Convert.vector(inChild.position()),
                        Convert.matrix(inParent.rotation()),
                        Convert.matrix(inChild.rotation()),
                        RotationOrder.XYZ);
        if (parentBody != null) {
            // The two jointed bodies do not collide with each other, as in the JBullet engine.
            constraint.setCollisionBetweenLinkedBodies(false);
        }
        return constraint;
    }

    private static void lock(New6Dof constraint, int dof) {
        limit(constraint, dof, 0, 0);
    }

    /** Bullet's convention: a lower limit above the upper one leaves the degree of freedom free. */
    private static void free(New6Dof constraint, int dof) {
        constraint.set(MotorParam.LowerLimit, dof, 1);
        constraint.set(MotorParam.UpperLimit, dof, -1);
    }

    private static void limit(New6Dof constraint, int dof, double lower, double upper) {
        constraint.set(MotorParam.LowerLimit, dof, (float) lower);
        constraint.set(MotorParam.UpperLimit, dof, (float) upper);
    }
}
