package io.orrery.physics.bullet;

import com.jme3.bullet.collision.Activation;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import io.orrery.physics.LinkState;
import io.orrery.physics.Twist;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;

/** One link's rigid body. The body lives at the centre of mass; {@link #linkPose()} gives the link frame. */
final class LinkBody {

    final String model;
    final String name;
    final PhysicsRigidBody body;
    final Pose comInLink;
    final Pose linkInCom;
    /** The link frame in the top-level model frame, as built. */
    final Pose poseInModel;
    /** Mass and inverse inertia (kg, 1/(kg·m²)) used whenever the body is dynamic. */
    final float mass;
    final Vector3f inverseInertia;
    final boolean alwaysStatic;
    final boolean shapeless;
    final boolean keepAwake;

    LinkBody(String model, String name, PhysicsRigidBody body, Pose comInLink, Pose poseInModel, float mass,
            Vector3f inverseInertia, boolean alwaysStatic, boolean shapeless, boolean keepAwake) {
        this.model = model;
        this.name = name;
        this.body = body;
        this.comInLink = comInLink;
        this.linkInCom = comInLink.inverse();
        this.poseInModel = poseInModel;
        this.mass = mass;
        this.inverseInertia = inverseInertia;
        this.alwaysStatic = alwaysStatic;
        this.shapeless = shapeless;
        this.keepAwake = keepAwake;
    }

    Pose comPose() {
        return new Pose(Convert.vec3(body.getPhysicsLocation(new Vector3f())),
                Convert.quat(body.getPhysicsRotation(new Quaternion())));
    }

    Pose linkPose() {
        return comPose().compose(linkInCom);
    }

    /** The velocity at the link origin, in the world frame. */
    Twist velocity() {
        Pose com = comPose();
        Pose link = com.compose(linkInCom);
        Vec3 v = linearVelocity();
        Vec3 w = angularVelocity();
        return new Twist(v.plus(w.cross(link.position().minus(com.position()))), w);
    }

    Vec3 linearVelocity() {
        return body.isDynamic() ? Convert.vec3(body.getLinearVelocity(new Vector3f())) : Vec3.ZERO;
    }

    Vec3 angularVelocity() {
        return body.isDynamic() ? Convert.vec3(body.getAngularVelocity(new Vector3f())) : Vec3.ZERO;
    }

    /** The velocity of the body's material point at {@code point} (world frame). */
    Vec3 velocityAt(Vec3 point) {
        return linearVelocity().plus(angularVelocity().cross(point.minus(comPose().position())));
    }

    boolean isSleeping() {
        return body.getActivationState() == Activation.sleeping;
    }

    LinkState state() {
        return new LinkState(name, linkPose(), velocity(), isSleeping());
    }
}
