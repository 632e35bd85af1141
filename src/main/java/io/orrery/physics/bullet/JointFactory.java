package io.orrery.physics.bullet;

import com.jme3.bullet.RotationOrder;
import com.jme3.bullet.joints.Constraint;
import com.jme3.bullet.joints.New6Dof;
import com.jme3.bullet.joints.Point2PointJoint;
import com.jme3.bullet.joints.motors.MotorParam;
import com.jme3.bullet.objects.PhysicsRigidBody;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * Turns a joint into a Bullet constraint: a {@code btGeneric6DofSpring2Constraint} (Libbulletjme's {@link New6Dof})
 * whose joint frame has the axis along Z for a hinge and X for a slider, that degree of freedom free or limited and
 * the other five locked; a point-to-point constraint for a ball joint. Unlike the JBullet engine's hinge, the angle
 * Bullet 3 limits is the child's rotation relative to the parent, measured exactly, so SDF limits map directly.
 */
final class JointFactory {

    static final int X_TRANSLATION = 0;
    static final int Z_ROTATION = 5;
    private static final Vec3 UNIT_X = new Vec3(1, 0, 0);

    private JointFactory() {
    }

    /** The joint frame in the world at creation, turned so the axis is Z (hinge) or X (slider). */
    static Pose frame(String where, JointSpec joint, Pose childLinkWorld) {
        Pose jointWorld = childLinkWorld.compose(joint.pose());
        return switch (joint.type()) {
            case REVOLUTE, CONTINUOUS -> jointWorld.compose(
                    new Pose(Vec3.ZERO, rotationBetween(Vec3.UNIT_Z, axis(where, joint))));
            case PRISMATIC -> jointWorld.compose(new Pose(Vec3.ZERO, rotationBetween(UNIT_X, axis(where, joint))));
            case FIXED, BALL -> jointWorld;
        };
    }

    /** The axis, in the frame {@link #frame} gives, along which the joint moves. */
    static Vec3 localAxis(JointSpec.JointType type) {
        return type == JointSpec.JointType.PRISMATIC ? UNIT_X : Vec3.UNIT_Z;
    }

    /** The degree of freedom of a {@link New6Dof} in that frame that the joint moves along. */
    static int dof(JointSpec.JointType type) {
        return type == JointSpec.JointType.PRISMATIC ? X_TRANSLATION : Z_ROTATION;
    }

    /**
     * Creates the constraint; {@code parentBody} null means the world, {@code inParent} then being the frame in the
     * world.
     */
    static Constraint create(String where, JointSpec joint, PhysicsRigidBody parentBody, Pose inParent,
            PhysicsRigidBody childBody, Pose inChild) {
        if (joint.type() == JointSpec.JointType.BALL) {
            return parentBody == null
                    ? new Point2PointJoint(childBody, Convert.vector(inChild.position()),
                            Convert.vector(inParent.position()))
                    : new Point2PointJoint(parentBody, childBody, Convert.vector(inParent.position()),
                            Convert.vector(inChild.position()));
        }
        New6Dof constraint = sixDof(parentBody, inParent, childBody, inChild);
        for (int dof = 0; dof < 6; dof++) {
            lock(constraint, dof);
        }
        JointLimits limits = joint.limits();
        switch (joint.type()) {
            case REVOLUTE -> {
                if (limits.isBounded() && (limits.lower() > -Math.PI || limits.upper() < Math.PI)) {
                    limit(constraint, Z_ROTATION, Math.max(-Math.PI, limits.lower()), Math.min(Math.PI, limits.upper()));
                } else {
                    free(constraint, Z_ROTATION);
                }
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

    /** A constraint with every degree of freedom free: what a {@link JointDrive} motor acts through. */
    static New6Dof free(PhysicsRigidBody parentBody, Pose inParent, PhysicsRigidBody childBody, Pose inChild) {
        New6Dof constraint = sixDof(parentBody, inParent, childBody, inChild);
        for (int dof = 0; dof < 6; dof++) {
            free(constraint, dof);
        }
        return constraint;
    }

    private static New6Dof sixDof(PhysicsRigidBody parentBody, Pose inParent, PhysicsRigidBody childBody,
            Pose inChild) {
        New6Dof constraint = parentBody == null
                ? new New6Dof(childBody, Convert.vector(inChild.position()), Convert.vector(inParent.position()),
                        Convert.matrix(inChild.rotation()), Convert.matrix(inParent.rotation()), RotationOrder.XYZ)
                : new New6Dof(parentBody, childBody, Convert.vector(inParent.position()),
                        Convert.vector(inChild.position()), Convert.matrix(inParent.rotation()),
                        Convert.matrix(inChild.rotation()), RotationOrder.XYZ);
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

    private static Vec3 axis(String where, JointSpec joint) {
        Vec3 axis = joint.axis();
        if (axis == null || !axis.isFinite() || axis.length() < 1e-9) {
            throw new IllegalArgumentException(where + ": expected a non-zero <axis><xyz>, got " + axis);
        }
        return axis.normalized();
    }

    /** A rotation that maps the local {@code from} axis (unit) onto {@code to} (unit). */
    static Quat rotationBetween(Vec3 from, Vec3 to) {
        Vec3 a = from.normalized();
        Vec3 b = to.normalized();
        double d = a.dot(b);
        if (d > 1 - 1e-12) {
            return Quat.IDENTITY;
        }
        if (d < -1 + 1e-12) {
            Vec3 perp = a.cross(Math.abs(a.x()) < 0.9 ? new Vec3(1, 0, 0) : new Vec3(0, 1, 0));
            return Quat.fromAxisAngle(perp, Math.PI);
        }
        return Quat.fromAxisAngle(a.cross(b), Math.acos(d));
    }
}
