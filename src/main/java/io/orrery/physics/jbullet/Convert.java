package io.orrery.physics.jbullet;

import com.bulletphysics.linearmath.Transform;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import javax.vecmath.Quat4f;
import javax.vecmath.Vector3f;

/** Conversions between the world records (double) and JBullet's vecmath types (float). */
final class Convert {

    private Convert() {}

    static Vector3f vector(Vec3 v) {
        return new Vector3f((float) v.x(), (float) v.y(), (float) v.z());
    }

    static Vec3 vec3(Vector3f v) {
        return new Vec3(v.x, v.y, v.z);
    }

    static Transform transform(Pose pose) {
        Transform t = new Transform();
        set(t, pose);
        return t;
    }

    static void set(Transform t, Pose pose) {
        Quat q = pose.rotation().normalized();
        t.setIdentity();
        t.setRotation(new Quat4f((float) q.x(), (float) q.y(), (float) q.z(), (float) q.w()));
        t.origin.set((float) pose.x(), (float) pose.y(), (float) pose.z());
    }

    static Pose pose(Transform t) {
        Quat4f q = t.getRotation(new Quat4f());
        return new Pose(vec3(t.origin), new Quat(q.w, q.x, q.y, q.z).normalized());
    }
}
