package io.orrery.system.gazebo;

import io.orrery.topic.msgs.Header;
import io.orrery.topic.msgs.Quaternion;
import io.orrery.topic.msgs.Vector3d;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;

/** Orrery's geometry as gz.msgs fields, and headers stamped in sim time with Gazebo's frame keys. */
public final class GazeboMessages {

    private GazeboMessages() {
    }

    /** A header at {@code simNanos} with {@code frame_id} and, unless null, {@code child_frame_id}. */
    public static Header header(long simNanos, String frameId, String childFrameId) {
        List<Header.Entry> data = new ArrayList<>(2);
        data.add(new Header.Entry("frame_id", List.of(frameId)));
        if (childFrameId != null) {
            data.add(new Header.Entry("child_frame_id", List.of(childFrameId)));
        }
        return new Header(io.orrery.topic.msgs.Time.ofNanos(simNanos), data);
    }

    public static Vector3d vector(Vec3 v) {
        return new Vector3d(v.x(), v.y(), v.z());
    }

    public static Quaternion quaternion(Quat q) {
        return new Quaternion(q.x(), q.y(), q.z(), q.w());
    }

    /** A named pose message with {@code header}. */
    public static io.orrery.topic.msgs.Pose pose(Header header, String name, Pose pose) {
        return new io.orrery.topic.msgs.Pose(header, name, 0, vector(pose.position()), quaternion(pose.rotation()));
    }

    /** The heading-only orientation Gazebo's 2D odometry reports. */
    public static Quaternion yaw(double heading) {
        return new Quaternion(0, 0, Math.sin(heading / 2), Math.cos(heading / 2));
    }
}
