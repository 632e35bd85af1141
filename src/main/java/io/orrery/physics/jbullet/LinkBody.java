package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.linearmath.Transform;
import io.orrery.physics.LinkState;
import io.orrery.physics.Twist;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import javax.vecmath.Vector3f;

/** One link's rigid body. The body lives at the centre of mass; {@link #linkPose()} gives the link frame. */
final class LinkBody {

    /** The top-level model the link belongs to. */
    final String model;
    final String name;
    final RigidBody body;
    /** The centre-of-mass frame in the link frame, and its inverse. */
    final Pose comInLink;
    final Pose linkInCom;
    /** The link frame in the top-level model frame, as built. */
    final Pose poseInModel;
    /** Mass properties used whenever the body is dynamic. */
    final float mass;
    final Vector3f inertia;
    /** True when the link can never move: mass 0, a plane shape, or inside a nested static model. */
    final boolean alwaysStatic;
    /** True when the link has no collision shape: it then collides with nothing. */
    final boolean shapeless;
    /** True when allow_auto_disable is false: the body never sleeps. */
    final boolean keepAwake;

    LinkBody(String model, String name, RigidBody body, Pose comInLink, Pose poseInModel, float mass, Vector3f inertia,
            boolean alwaysStatic, boolean shapeless, boolean keepAwake) {
        this.model = model;
        this.name = name;
        this.body = body;
        this.comInLink = comInLink;
        this.linkInCom = comInLink.inverse();
        this.poseInModel = poseInModel;
        this.mass = mass;
        this.inertia = inertia;
        this.alwaysStatic = alwaysStatic;
        this.shapeless = shapeless;
        this.keepAwake = keepAwake;
    }

    Pose comPose() {
        return Convert.pose(body.getWorldTransform(new Transform()));
    }

    /** The link frame in the world frame. */
    Pose linkPose() {
        return comPose().compose(linkInCom);
    }

    /** The velocity at the link origin, in the world frame. */
    Twist velocity() {
        Pose com = comPose();
        Pose link = com.compose(linkInCom);
        Vec3 v = Convert.vec3(body.getLinearVelocity(new Vector3f()));
        Vec3 w = Convert.vec3(body.getAngularVelocity(new Vector3f()));
        return new Twist(v.plus(w.cross(link.position().minus(com.position()))), w);
    }

    Vec3 angularVelocity() {
        return Convert.vec3(body.getAngularVelocity(new Vector3f()));
    }

    /** The velocity of the body's material point at {@code point} (world frame). */
    Vec3 velocityAt(Vec3 point) {
        Vec3 v = Convert.vec3(body.getLinearVelocity(new Vector3f()));
        return v.plus(angularVelocity().cross(point.minus(comPose().position())));
    }

    boolean isSleeping() {
        return body.getActivationState() == RigidBody.ISLAND_SLEEPING;
    }

    LinkState state() {
        return new LinkState(name, linkPose(), velocity(), isSleeping());
    }
}
