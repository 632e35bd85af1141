package io.orrery.physics.bullet;

import com.jme3.bullet.collision.PhysicsCollisionObject;
import com.jme3.bullet.collision.shapes.CollisionShape;
import com.jme3.bullet.joints.Constraint;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Vector3f;
import io.orrery.physics.rigid.Joint;
import io.orrery.physics.rigid.JointFrame;
import io.orrery.physics.rigid.LinkPlan;
import io.orrery.physics.rigid.LinkShape;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.Pose;

/**
 * Makes a link's Bullet body and a joint's constraint and drive, by the rules of {@link LinkPlan}: its principal
 * inertia, its sleep thresholds, a shapeless link colliding with nothing.
 */
final class BodyBuilder {

    /** A shapeless body is alone in this group and collides with no group. */
    private static final int SHAPELESS_GROUP = PhysicsCollisionObject.COLLISION_GROUP_16;

    private BodyBuilder() {}

    /** Makes the body static (mass 0) or gives it back its mass and inertia. */
    static void setMass(LinkBody link, boolean fixed) {
        PhysicsRigidBody body = link.body;
        if (body.isDynamic()) {
            body.setLinearVelocity(new Vector3f());
            body.setAngularVelocity(new Vector3f());
            body.clearForces();
        }
        body.setMass(fixed ? 0 : link.mass());
        if (!fixed) {
            body.setInverseInertiaLocal(link.inverseInertia);
        }
    }

    /** The link's body, with its shape from {@code shape} (built by {@link ShapeFactory#SHAPES}, maybe kept). */
    static LinkBody link(LinkPlan plan, LinkShape<CollisionShape> shape) {
        boolean staticNow = plan.staticNow();
        boolean alwaysStatic = plan.alwaysStatic(shape.staticOnly());

        // the principal moments, the body frame turned along their axes (LinkPlan)
        InertialSpec.Inertia principal = plan.inertia();
        Vector3f inverseInertia =
                new Vector3f(inverse(principal.ixx()), inverse(principal.iyy()), inverse(principal.izz()));
        boolean everDynamic = !alwaysStatic;
        PhysicsRigidBody body = new PhysicsRigidBody(shape.shape(), everDynamic ? (float) plan.mass() : 0f);
        if (everDynamic) {
            body.setInverseInertiaLocal(inverseInertia);
            body.setSleepingThresholds(LinkPlan.LINEAR_SLEEP_THRESHOLD, LinkPlan.ANGULAR_SLEEP_THRESHOLD);
            if (plan.keepAwake()) {
                body.setEnableSleep(false);
            }
        }
        Pose start = plan.startPose();
        body.setPhysicsLocation(Convert.vector(start.position()));
        body.setPhysicsRotation(Convert.quaternion(start.rotation()));
        body.setFriction((float) shape.surface().friction());
        body.setRestitution((float) shape.surface().restitution());
        if (shape.empty()) {
            body.setCollisionGroup(SHAPELESS_GROUP);
            body.setCollideWithGroups(PhysicsCollisionObject.COLLISION_GROUP_NONE);
        }
        LinkBody result = new LinkBody(plan, body, inverseInertia, alwaysStatic, shape);
        // for mixing without calls back into the native world
        body.setUserObject(new SurfaceMix.Surface(body.getFriction(), body.getRestitution(), result));
        if (everDynamic && staticNow) {
            setMass(result, true);
        }
        return result;
    }

    private static float inverse(double inertia) {
        return inertia > 0 ? (float) (1 / inertia) : 0f;
    }

    static JointConstraint joint(JointFrame.Placed<LinkBody> joint, StepSplit split) {
        PhysicsRigidBody parent = joint.parent() == null ? null : joint.parent().body;
        PhysicsRigidBody child = joint.child().body;
        Constraint constraint =
                JointFactory.create(joint.where(), joint.spec(), parent, joint.inParent(), child, joint.inChild());
        JointDrive drive = Joint.isActuated(joint.spec().type())
                ? new JointDrive(joint.spec(), parent, joint.inParent(), child, joint.inChild())
                : null;
        AxisMotors motors = null;
        JointSpec.JointType type = joint.spec().type();
        if (type == JointSpec.JointType.UNIVERSAL || type == JointSpec.JointType.REVOLUTE2) {
            motors = new AxisMotors(joint.spec(), parent, joint.inParent(), child, joint.inChild());
            motors = motors.any() ? motors : null;
        }
        return new JointConstraint(joint, constraint, drive, motors, split);
    }
}
