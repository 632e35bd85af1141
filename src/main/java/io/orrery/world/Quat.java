package io.orrery.world;

/** An immutable unit quaternion (w, x, y, z) for rotations; roll-pitch-yaw as in SDF (extrinsic X-Y-Z). */
public record Quat(double w, double x, double y, double z) {

    public static final Quat IDENTITY = new Quat(1, 0, 0, 0);

    /** The rotation of SDF's {@code <pose>} angles: roll about X, then pitch about Y, then yaw about Z (fixed axes). */
    public static Quat fromEuler(double roll, double pitch, double yaw) {
        double cr = Math.cos(roll / 2), sr = Math.sin(roll / 2);
        double cp = Math.cos(pitch / 2), sp = Math.sin(pitch / 2);
        double cy = Math.cos(yaw / 2), sy = Math.sin(yaw / 2);
        return new Quat(
                cr * cp * cy + sr * sp * sy,
                sr * cp * cy - cr * sp * sy,
                cr * sp * cy + sr * cp * sy,
                cr * cp * sy - sr * sp * cy);
    }

    /** A rotation of {@code angle} radians about {@code axis} (need not be unit length). */
    public static Quat fromAxisAngle(Vec3 axis, double angle) {
        Vec3 a = axis.normalized();
        double s = Math.sin(angle / 2);
        return new Quat(Math.cos(angle / 2), a.x() * s, a.y() * s, a.z() * s);
    }

    /** The Hamilton product: applying {@code o} first, then this. */
    public Quat times(Quat o) {
        return new Quat(
                w * o.w - x * o.x - y * o.y - z * o.z,
                w * o.x + x * o.w + y * o.z - z * o.y,
                w * o.y - x * o.z + y * o.w + z * o.x,
                w * o.z + x * o.y - y * o.x + z * o.w);
    }

    public Quat conjugate() {
        return new Quat(w, -x, -y, -z);
    }

    public Quat normalized() {
        double n = Math.sqrt(w * w + x * x + y * y + z * z);
        return n == 0 ? IDENTITY : new Quat(w / n, x / n, y / n, z / n);
    }

    /** Rotates a vector by this quaternion. */
    public Vec3 rotate(Vec3 v) {
        // v' = v + 2w(q x v) + 2 q x (q x v), with q the vector part
        Vec3 q = new Vec3(x, y, z);
        Vec3 t = q.cross(v).times(2);
        return v.plus(t.times(w)).plus(q.cross(t));
    }

    /** Roll, pitch and yaw in radians, the inverse of {@link #fromEuler}. */
    public Vec3 toEuler() {
        double sinp = 2 * (w * y - z * x);
        double roll = Math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y));
        double pitch = Math.abs(sinp) >= 1 ? Math.copySign(Math.PI / 2, sinp) : Math.asin(sinp);
        double yaw = Math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z));
        return new Vec3(roll, pitch, yaw);
    }

    /** The smallest angle in radians that rotates this orientation onto {@code o}. */
    public double angleTo(Quat o) {
        double d = Math.abs(w * o.w + x * o.x + y * o.y + z * o.z);
        return 2 * Math.acos(Math.min(1, d));
    }
}
