package io.orrery.physics.bullet;

import com.jme3.bullet.collision.Activation;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import io.orrery.physics.rigid.Link;
import io.orrery.physics.rigid.LinkPlan;
import io.orrery.physics.rigid.LinkShape;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;

/** One link's Bullet rigid body, at the link's centre of mass. A static body reports no velocity. */
final class LinkBody extends Link {

    final PhysicsRigidBody body;
    /** The inverse inertia (1/(kg·m²)) used whenever the body is dynamic. */
    final Vector3f inverseInertia;

    LinkBody(LinkPlan plan, PhysicsRigidBody body, Vector3f inverseInertia, boolean alwaysStatic, LinkShape<?> shape) {
        super(plan, alwaysStatic, shape);
        this.body = body;
        this.inverseInertia = inverseInertia;
    }

    /**
     * The pose last read from the native body, until the body moves: a step reads a link's pose several times (joint
     * frames, drives, velocities at points), and each read is two calls into native code.
     */
    private Pose pose;

    @Override
    public Pose comPose() {
        if (pose == null) {
            pose = new Pose(
                    Convert.vec3(body.getPhysicsLocation(new Vector3f())),
                    Convert.quat(body.getPhysicsRotation(new Quaternion())));
        }
        return pose;
    }

    /**
     * The velocities last read from the native body, until it moves or is given others: a step reads each several
     * times (joint velocities for drives, efforts and observations), each read a call into native code.
     */
    private Vec3 linear;

    private Vec3 angular;

    /**
     * The native body moved (a step, a teleport, a change of mass): the next {@link #comPose()} and velocities read it
     * again.
     */
    void moved() {
        pose = null;
        linear = null;
        angular = null;
    }

    /** Whether the body was awake after the last step, so that the step it fell asleep in is reported too. */
    private boolean wasAwake = true;

    /**
     * After a step: whether Bullet may have moved the body in it, that is whether it was awake before or after it (a
     * sleeping body is neither integrated nor given velocity, and Bullet zeroes its velocity in the step it falls
     * asleep in); the body's link is then told ({@link #changed()}) and its pose and velocities read again. A static
     * body moves only when placed. One native call a body.
     */
    void stepped() {
        boolean awake = body.isDynamic() && body.isActive();
        if (awake || wasAwake) {
            moved();
            changed();
        }
        wasAwake = awake;
    }

    @Override
    public Vec3 linearVelocity() {
        if (linear == null) {
            linear = body.isDynamic() ? Convert.vec3(body.getLinearVelocity(new Vector3f())) : Vec3.ZERO;
        }
        return linear;
    }

    @Override
    public Vec3 angularVelocity() {
        if (angular == null) {
            angular = body.isDynamic() ? Convert.vec3(body.getAngularVelocity(new Vector3f())) : Vec3.ZERO;
        }
        return angular;
    }

    @Override
    public void setVelocity(Vec3 linear, Vec3 angular) {
        body.setLinearVelocity(Convert.vector(linear));
        body.setAngularVelocity(Convert.vector(angular));
        this.linear = null;
        this.angular = null;
    }

    /** Wakes a dynamic body; Libbulletjme leaves a static one alone. */
    @Override
    public void activate() {
        if (body.isDynamic()) {
            body.activate(true);
        }
    }

    @Override
    public boolean isDynamic() {
        return body.isDynamic();
    }

    @Override
    public boolean isSleeping() {
        return body.getActivationState() == Activation.sleeping;
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
