package io.orrery.topic.msgs;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.PoseProtos;
import com.gz.msgs.QuaternionProtos.Quaternion;
import com.gz.msgs.TimeProtos.Time;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.time.Instant;

/**
 * The one place Orrery's records become gz.msgs and back, for systems, devices and every transport: times from
 * nanoseconds or instants, headers stamped in sim time with Gazebo's frame keys, vectors, quaternions and poses. A
 * second {@code toPose} elsewhere is a smell.
 */
public final class Messages {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** No rotation. A message's unset orientation reads as all zeros, as protobuf's default. */
    public static final Quaternion IDENTITY = Quaternion.newBuilder().setW(1).build();

    private Messages() {}

    /** The time {@code nanos} nanoseconds after zero, {@code nsec} from 0 to 999 999 999. */
    public static Time time(long nanos) {
        return Time.newBuilder()
                .setSec(Math.floorDiv(nanos, NANOS_PER_SECOND))
                .setNsec((int) Math.floorMod(nanos, NANOS_PER_SECOND))
                .build();
    }

    /** The wall-clock time {@code instant}, as Gazebo's clock message carries its system time. */
    public static Time time(Instant instant) {
        return Time.newBuilder()
                .setSec(instant.getEpochSecond())
                .setNsec(instant.getNano())
                .build();
    }

    /** {@code time} in nanoseconds. */
    public static long nanos(Time time) {
        return Math.addExact(Math.multiplyExact(time.getSec(), NANOS_PER_SECOND), time.getNsec());
    }

    /** A header stamped with {@code simNanos}, as every message from a device carries. */
    public static Header header(long simNanos) {
        return Header.newBuilder().setStamp(time(simNanos)).build();
    }

    /**
     * A header stamped with {@code simNanos} with Gazebo's {@code frame_id} and, unless null, {@code child_frame_id}.
     */
    public static Header header(long simNanos, String frameId, String childFrameId) {
        Header.Builder h = Header.newBuilder().setStamp(time(simNanos));
        h.addDataBuilder().setKey("frame_id").addValue(frameId);
        if (childFrameId != null) {
            h.addDataBuilder().setKey("child_frame_id").addValue(childFrameId);
        }
        return h.build();
    }

    /** The vector (x, y, z). */
    public static Vector3d vector(double x, double y, double z) {
        return Vector3d.newBuilder().setX(x).setY(y).setZ(z).build();
    }

    /** {@code v} as a message. */
    public static Vector3d vector(Vec3 v) {
        return vector(v.x(), v.y(), v.z());
    }

    /** The quaternion x, y, z, w. */
    public static Quaternion quaternion(double x, double y, double z, double w) {
        return Quaternion.newBuilder().setX(x).setY(y).setZ(z).setW(w).build();
    }

    /** {@code q} as a message. */
    public static Quaternion quaternion(Quat q) {
        return quaternion(q.x(), q.y(), q.z(), q.w());
    }

    /** The heading-only orientation Gazebo's 2D odometry reports: a turn of {@code heading} about z. */
    public static Quaternion yaw(double heading) {
        return quaternion(0, 0, Math.sin(heading / 2), Math.cos(heading / 2));
    }

    /** {@code pose} as a message: its position and orientation. */
    public static PoseProtos.Pose pose(Pose pose) {
        return poseBuilder(pose).build();
    }

    /** A pose message builder with {@code position} and {@code orientation}, nothing else set yet. */
    public static PoseProtos.Pose.Builder poseBuilder(Vector3d position, Quaternion orientation) {
        return PoseProtos.Pose.newBuilder().setPosition(position).setOrientation(orientation);
    }

    /** A pose message builder with {@code pose}'s position and orientation, nothing else set yet. */
    public static PoseProtos.Pose.Builder poseBuilder(Pose pose) {
        return poseBuilder(vector(pose.position()), quaternion(pose.rotation()));
    }

    /** The pose of the entity named {@code name}, with its id ({@link EntityIds}), as Gazebo's pose lists carry. */
    public static PoseProtos.Pose pose(String name, long id, Pose pose) {
        return poseBuilder(pose).setName(name).setId((int) id).build();
    }

    /** A named pose message with {@code header}. */
    public static PoseProtos.Pose pose(Header header, String name, Pose pose) {
        return poseBuilder(pose).setHeader(header).setName(name).build();
    }

    /**
     * A pose message in Orrery's terms; an orientation left out (or all zeros) is the identity, as gz sim reads it,
     * and another is normalised.
     *
     * @throws IllegalArgumentException when a number is not finite
     */
    public static Pose toPose(PoseProtos.Pose p) {
        Vec3 position = new Vec3(
                p.getPosition().getX(), p.getPosition().getY(), p.getPosition().getZ());
        Quat q = new Quat(
                p.getOrientation().getW(),
                p.getOrientation().getX(),
                p.getOrientation().getY(),
                p.getOrientation().getZ());
        double norm = Math.sqrt(q.w() * q.w() + q.x() * q.x() + q.y() * q.y() + q.z() * q.z());
        if (!position.isFinite() || !Double.isFinite(norm)) {
            throw new IllegalArgumentException(
                    "the pose must be finite, got position " + position + " and orientation " + q);
        }
        return new Pose(position, !p.hasOrientation() || norm == 0 ? Quat.IDENTITY : q.normalized());
    }
}
