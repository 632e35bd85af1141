package io.orrery.system.gazebo;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.QuaternionProtos.Quaternion;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.topic.Publisher;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.Messages;

/**
 * The odometry a wheeled drive publishes as Gazebo's DiffDrive, AckermannSteering and MecanumDrive do: a planar pose and speeds
 * as {@code gz.msgs.Odometry} on {@code <odom_topic>} and the same pose as {@code gz.msgs.Pose_V} on
 * {@code <tf_topic>}, at {@code <odom_publish_frequency>} Hz of sim time, in {@code <frame_id>} (default
 * {@code <model>/odom}) with {@code <child_frame_id>} (default the model's first link). One place for both drives
 * so their messages cannot drift apart. Threads: the owning system's.
 */
public final class OdometryOutput {

    private final String model;
    private final String scope;
    private final String name;
    private final SimTimeThrottle throttle;
    private final String frameId;
    private final String childFrameId;
    private Publisher<Odometry> odomPublisher;
    private Publisher<Pose_V> tfPublisher;

    /** Reads the frequency and the frames; nothing is advertised until {@link #advertise}. */
    public OdometryOutput(GazeboParameters params, String model) {
        this(params, model, "");
    }

    /**
     * As above for a system of a nested model ({@code scope} its path in {@code model} and {@code ::}): the topics and
     * frames are named after the nested model and its first link, as Gazebo names them.
     */
    public OdometryOutput(GazeboParameters params, String model, String scope) {
        this.model = model;
        this.scope = scope;
        this.name = GazeboTopics.declaringModel(model, scope);
        this.throttle = SimTimeThrottle.hertz(params.number("odom_publish_frequency", 50));
        this.frameId = params.text("frame_id").orElse(name + "/odom");
        this.childFrameId = params.text("child_frame_id").orElse(null);
    }

    /** Advertises {@code <odom_topic>} and {@code <tf_topic>} (defaults under the model) for {@code owner}. */
    public void advertise(GazeboParameters params, TopicBus bus, String owner) {
        String odomTopic = params.topic("odom_topic", GazeboTopics.ofModel(name, "odometry"));
        String tfTopic = params.topic("tf_topic", GazeboTopics.ofModel(name, "tf"));
        odomPublisher = bus.advertise(odomTopic, Odometry.class, owner);
        tfPublisher = bus.advertise(tfTopic, Pose_V.class, owner);
    }

    /** Publishes the pose and speeds stamped {@code simNanos} if the throttle is due then; else nothing. */
    public void publishIfDue(
            long simNanos, WorldView world, double x, double y, double yaw, double linearSpeed, double angularSpeed) {
        publishIfDue(simNanos, world, x, y, yaw, linearSpeed, 0, angularSpeed);
    }

    /** As above with a sideways speed too ({@code twist.linear.y}), as MecanumDrive publishes it. */
    public void publishIfDue(
            long simNanos,
            WorldView world,
            double x,
            double y,
            double yaw,
            double linearSpeed,
            double lateralSpeed,
            double angularSpeed) {
        if (!throttle.isDue(simNanos)) {
            return;
        }
        throttle.published(simNanos);
        String child = childFrameId != null
                ? childFrameId
                : world.model(model)
                        .flatMap(m -> m.links().stream()
                                .map(LinkState::name)
                                .filter(link -> link.startsWith(scope)
                                        && !link.substring(scope.length()).contains("::"))
                                .findFirst())
                        .map(link -> name + "/" + link.substring(scope.length()))
                        .orElse(null);
        Header header = Messages.header(simNanos, frameId, child);
        Vector3d position = Messages.vector(x, y, 0);
        Quaternion orientation = Messages.yaw(yaw);
        odomPublisher.publish(Odometry.newBuilder()
                .setHeader(header)
                .setPose(Messages.poseBuilder(position, orientation))
                .setTwist(Twist.newBuilder()
                        .setLinear(Messages.vector(linearSpeed, lateralSpeed, 0))
                        .setAngular(Messages.vector(0, 0, angularSpeed)))
                .build());
        tfPublisher.publish(Pose_V.newBuilder()
                .addPose(Messages.poseBuilder(position, orientation).setHeader(header))
                .build());
    }

    /** The next step publishes whatever its time, as at load. */
    public void reset() {
        throttle.reset();
    }
}
