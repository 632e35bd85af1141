package io.orrery.physics.bullet;

import com.jme3.math.Matrix3f;
import com.jme3.math.Quaternion;
import com.jme3.math.Transform;
import com.jme3.math.Vector3f;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/** Conversions between the world records (double) and Libbulletjme's math types (float). */
final class Convert {

    private Convert() {}

    static Vector3f vector(Vec3 v) {
        return new Vector3f((float) v.x(), (float) v.y(), (float) v.z());
    }

    static Vec3 vec3(Vector3f v) {
        return new Vec3(v.x, v.y, v.z);
    }

    static Quaternion quaternion(Quat q) {
        Quat n = q.normalized();
        return new Quaternion((float) n.x(), (float) n.y(), (float) n.z(), (float) n.w());
    }

    static Quat quat(Quaternion q) {
        return new Quat(q.getW(), q.getX(), q.getY(), q.getZ()).normalized();
    }

    static Matrix3f matrix(Quat q) {
        return quaternion(q).toRotationMatrix();
    }

    static Transform transform(Pose pose) {
        return new Transform(vector(pose.position()), quaternion(pose.rotation()));
    }

    static Pose pose(Transform t) {
        return new Pose(vec3(t.getTranslation()), quat(t.getRotation()));
    }
}
