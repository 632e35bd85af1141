package io.orrery.world;

/**
 * A rigid transform: position in metres and orientation, of a frame expressed in its parent frame.
 * {@code parent.compose(child)} gives the child's pose in the parent's parent frame, as in SDF's
 * pose composition.
 */
public record Pose(Vec3 position, Quat rotation) {

    public static final Pose IDENTITY = new Pose(Vec3.ZERO, Quat.IDENTITY);

    /** A pose from SDF's six numbers: x y z in metres, roll pitch yaw in radians. */
    public static Pose of(double x, double y, double z, double roll, double pitch, double yaw) {
        return new Pose(new Vec3(x, y, z), Quat.fromEuler(roll, pitch, yaw));
    }

    public static Pose translation(double x, double y, double z) {
        return new Pose(new Vec3(x, y, z), Quat.IDENTITY);
    }

    /** This transform followed by {@code child}: the child's pose expressed in this pose's parent frame. */
    public Pose compose(Pose child) {
        return new Pose(
                position.plus(rotation.rotate(child.position)),
                rotation.times(child.rotation).normalized());
    }

    public Pose inverse() {
        Quat inv = rotation.conjugate();
        return new Pose(inv.rotate(position).times(-1), inv);
    }

    /** Transforms a point given in this frame into the parent frame. */
    public Vec3 apply(Vec3 point) {
        return position.plus(rotation.rotate(point));
    }

    public double x() {
        return position.x();
    }

    public double y() {
        return position.y();
    }

    public double z() {
        return position.z();
    }

    public double roll() {
        return rotation.toEuler().x();
    }

    public double pitch() {
        return rotation.toEuler().y();
    }

    public double yaw() {
        return rotation.toEuler().z();
    }
}
