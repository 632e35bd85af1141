package io.orrery.system.gazebo;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.QuaternionProtos.Quaternion;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/** Orrery's geometry as gz.msgs fields, and headers stamped in sim time with Gazebo's frame keys. */
public final class GazeboMessages {

    private GazeboMessages() {}

    /** A header at {@code simNanos} with {@code frame_id} and, unless null, {@code child_frame_id}. */
    public static Header header(long simNanos, String frameId, String childFrameId) {
        return Messages.header(simNanos, frameId, childFrameId);
    }

    public static Vector3d vector(Vec3 v) {
        return Messages.vector(v.x(), v.y(), v.z());
    }

    public static Quaternion quaternion(Quat q) {
        return Messages.quaternion(q.x(), q.y(), q.z(), q.w());
    }

    /** A named pose message with {@code header}. */
    public static com.gz.msgs.PoseProtos.Pose pose(Header header, String name, Pose pose) {
        return com.gz.msgs.PoseProtos.Pose.newBuilder()
                .setHeader(header)
                .setName(name)
                .setPosition(vector(pose.position()))
                .setOrientation(quaternion(pose.rotation()))
                .build();
    }

    /** The heading-only orientation Gazebo's 2D odometry reports. */
    public static Quaternion yaw(double heading) {
        return Messages.quaternion(0, 0, Math.sin(heading / 2), Math.cos(heading / 2));
    }
}
