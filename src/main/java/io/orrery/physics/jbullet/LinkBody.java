package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.linearmath.Transform;
import io.orrery.physics.rigid.Link;
import io.orrery.physics.rigid.LinkPlan;
import io.orrery.physics.rigid.LinkShape;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import javax.vecmath.Vector3f;

/** One link's JBullet rigid body, at the link's centre of mass. */
final class LinkBody extends Link {

    final RigidBody body;
    /** The inertia (kg·m²) used whenever the body is dynamic. */
    final Vector3f inertia;

    LinkBody(LinkPlan plan, RigidBody body, Vector3f inertia, boolean alwaysStatic, LinkShape<?> shape) {
        super(plan, alwaysStatic, shape);
        this.body = body;
        this.inertia = inertia;
    }

    @Override
    public Pose comPose() {
        return Convert.pose(body.getWorldTransform(new Transform()));
    }

    @Override
    public Vec3 linearVelocity() {
        return Convert.vec3(body.getLinearVelocity(new Vector3f()));
    }

    @Override
    public Vec3 angularVelocity() {
        return Convert.vec3(body.getAngularVelocity(new Vector3f()));
    }

    @Override
    public void setVelocity(Vec3 linear, Vec3 angular) {
        body.setLinearVelocity(Convert.vector(linear));
        body.setAngularVelocity(Convert.vector(angular));
    }

    @Override
    public void activate() {
        body.activate(true);
    }

    @Override
    public boolean isDynamic() {
        return !body.isStaticOrKinematicObject();
    }

    @Override
    public boolean isSleeping() {
        return body.getActivationState() == RigidBody.ISLAND_SLEEPING;
    }

    @Override
    public void applyCentralForce(Vec3 force) {
        body.applyCentralForce(Convert.vector(force));
    }

    @Override
    public void applyForce(Vec3 force, Vec3 offset) {
        body.applyForce(Convert.vector(force), Convert.vector(offset));
    }

    @Override
    public void applyTorque(Vec3 torque) {
        body.applyTorque(Convert.vector(torque));
    }
}
