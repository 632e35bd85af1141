package io.orrery.topic.msgs;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.QuaternionProtos.Quaternion;
import com.gz.msgs.TimeProtos.Time;
import com.gz.msgs.Vector3dProtos.Vector3d;

/**
 * Building the bus's gz.msgs messages from Orrery's numbers: times from sim-time nanoseconds, headers stamped in sim
 * time with Gazebo's frame keys, vectors and quaternions.
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

    /** The quaternion x, y, z, w. */
    public static Quaternion quaternion(double x, double y, double z, double w) {
        return Quaternion.newBuilder().setX(x).setY(y).setZ(z).setW(w).build();
    }
}
