package io.orrery.system.odometrypublisher;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.log.LogSafe;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.Seeded;
import io.orrery.system.UpdateInfo;
import io.orrery.system.control.RollingMean;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.SimTimeThrottle;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Gazebo's OdometryPublisher system ({@code gz-sim-odometry-publisher-system}): ground truth for a model. Every
 * PostUpdate reads the model frame's world pose (times {@code <xyz_offset>}/{@code <rpy_offset>}), derives the
 * body-frame linear and angular velocity from the pose one step before, averages each over the last ten steps, and
 * at {@code <odom_publish_frequency>} Hz (default 50, of sim time) publishes {@code gz.msgs.Odometry} on
 * {@code <odom_topic>} (default {@code /model/<model>/odometry}) and a one-pose {@code Pose_V} on {@code <tf_topic>}
 * (default {@code /model/<model>/pose}), framed {@code <odom_frame>} → {@code <robot_base_frame>}. With
 * {@code <dimensions>} 2 (default) the position's z is 0 and only x, y and the yaw rate are measured; with 3 all
 * six. {@code <gaussian_noise>} is the standard deviation of noise added to each velocity component, drawn from the
 * seed the runner gives ({@link Seeded}), so an episode's noise repeats after a reset. In a nested model it is the
 * nested model's pose, and {@code <model>} in the defaults is its own name, as Gazebo binds it to that model.
 *
 * <p>As in Gazebo the odometry frame is the world's; unlike Gazebo the first velocities are differences from the
 * pose at the first step, not from the world origin, and a reset starts afresh. Runner thread (PostUpdate may run on
 * a pool thread while the runner waits).
 */
public final class OdometryPublisher implements Plugin, PostUpdate, Reset, Seeded {

    public static final String SHORT_NAME = "odometry-publisher";
    public static final String CLASS_NAME = "OdometryPublisher";
    static final int WINDOW = 10;

    private String model;
    private DeclaringModel declaring;
    private String odomFrame;
    private String baseFrame;
    private int dimensions;
    private SimTimeThrottle throttle;
    private Pose offset;
    private double noise;
    /** Null until the runner seeds it, before the first step. */
    private SplittableRandom random;

    private Publisher<Odometry> odomPublisher;
    private Publisher<Pose_V> tfPublisher;

    private final RollingMean[] linearMean = {new RollingMean(WINDOW), new RollingMean(WINDOW), new RollingMean(WINDOW)
    };
    private final RollingMean[] angularMean = {new RollingMean(WINDOW), new RollingMean(WINDOW), new RollingMean(WINDOW)
    };
    private boolean initialized;
    private Pose lastPose;
    private long lastUpdateNanos;

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        odomFrame = params.text("odom_frame").orElse(declaring.name() + "/odom");
        baseFrame = params.text("robot_base_frame").orElse(declaring.name() + "/base_footprint");
        dimensions = params.integer("dimensions", 2);
        if (dimensions != 2 && dimensions != 3) {
            throw params.bad("dimensions", "2 or 3", "'" + dimensions + "'");
        }
        throttle = SimTimeThrottle.hertz(params.number("odom_publish_frequency", 50));
        Vec3 rpy = params.vector("rpy_offset", Vec3.ZERO);
        offset = new Pose(params.vector("xyz_offset", Vec3.ZERO), Quat.fromEuler(rpy.x(), rpy.y(), rpy.z()));
        noise = params.number("gaussian_noise", 0);
        if (noise < 0) {
            throw params.bad("gaussian_noise", "a standard deviation of 0 or more", "'" + noise + "'");
        }
        if (params.has("odom_covariance_topic")) {
            ctx.logger()
                    .warn("OdometryPublisher: <odom_covariance_topic> is not published (Orrery has no"
                            + " gz.msgs.OdometryWithCovariance)");
        }
        String odomTopic = params.topic("odom_topic", declaring.topic("odometry"));
        String tfTopic = params.topic("tf_topic", declaring.topic("pose"));
        odomPublisher = ctx.topics().advertise(odomTopic, Odometry.class, ctx.qualifiedName());
        tfPublisher = ctx.topics().advertise(tfTopic, Pose_V.class, ctx.qualifiedName());
        ctx.logger().info("OdometryPublisher publishing odometry on [{}]", LogSafe.of(odomTopic));
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused()) {
            return;
        }
        ModelState state = world.model(model).orElse(null);
        if (state == null) {
            return;
        }
        Optional<Pose> at = declaring.pose(state);
        if (at.isEmpty()) {
            return;
        }
        Pose pose = at.get().compose(offset);
        if (!initialized) {
            lastUpdateNanos = info.simTimeNanos();
            lastPose = pose;
            initialized = true;
            return;
        }
        double dt = (info.simTimeNanos() - lastUpdateNanos) / 1e9;
        if (Math.abs(dt) < 1e-9) {
            return;
        }
        Vec3 displacement = pose.position().minus(lastPose.position());
        Vec3 angularBody = angularVelocity(lastPose.rotation(), pose.rotation(), dt);
        Vector3d linear;
        Vector3d angular;
        if (dimensions == 2) {
            double yaw = pose.yaw();
            linearMean[0].push((Math.cos(yaw) * displacement.x() + Math.sin(yaw) * displacement.y()) / dt);
            linearMean[1].push((Math.cos(yaw) * displacement.y() - Math.sin(yaw) * displacement.x()) / dt);
            angularMean[2].push(angularBody.z());
            linear = Messages.vector(linearMean[0].mean() + noise(), linearMean[1].mean() + noise(), noise());
            angular = Messages.vector(noise(), noise(), angularMean[2].mean() + noise());
        } else {
            Vec3 linearBody = pose.rotation().conjugate().rotate(displacement).times(1 / dt);
            linearMean[0].push(linearBody.x());
            linearMean[1].push(linearBody.y());
            linearMean[2].push(linearBody.z());
            angularMean[0].push(angularBody.x());
            angularMean[1].push(angularBody.y());
            angularMean[2].push(angularBody.z());
            linear = Messages.vector(
                    linearMean[0].mean() + noise(), linearMean[1].mean() + noise(), linearMean[2].mean() + noise());
            angular = Messages.vector(
                    angularMean[0].mean() + noise(), angularMean[1].mean() + noise(), angularMean[2].mean() + noise());
        }
        lastPose = pose;
        lastUpdateNanos = info.simTimeNanos();

        if (!throttle.isDue(info.simTimeNanos())) {
            return;
        }
        throttle.published(info.simTimeNanos());
        Header header = Messages.header(info.simTimeNanos(), odomFrame, baseFrame);
        Vector3d position = Messages.vector(pose.x(), pose.y(), dimensions == 3 ? pose.z() : 0);
        com.gz.msgs.PoseProtos.Pose odomPose = Messages.poseBuilder(position, Messages.quaternion(pose.rotation()))
                .build();
        odomPublisher.publish(Odometry.newBuilder()
                .setHeader(header)
                .setPose(odomPose)
                .setTwist(Twist.newBuilder().setLinear(linear).setAngular(angular))
                .build());
        tfPublisher.publish(Pose_V.newBuilder()
                .addPose(odomPose.toBuilder().setHeader(header))
                .build());
    }

    /** The body-frame angular velocity that turns {@code last} into {@code current} in {@code dt} seconds. */
    static Vec3 angularVelocity(Quat last, Quat current, double dt) {
        Quat diff = current.times(last.conjugate()).normalized();
        if (diff.w() < 0) {
            diff = new Quat(-diff.w(), -diff.x(), -diff.y(), -diff.z()); // the shorter way round
        }
        double sinHalf = Math.sqrt(diff.x() * diff.x() + diff.y() * diff.y() + diff.z() * diff.z());
        if (sinHalf < 1e-12) {
            return Vec3.ZERO;
        }
        double angle = 2 * Math.atan2(sinHalf, diff.w());
        Vec3 world = new Vec3(diff.x(), diff.y(), diff.z()).times(angle / sinHalf / dt);
        return current.conjugate().rotate(world);
    }

    private double noise() {
        if (noise <= 0) {
            return 0;
        }
        if (random == null) {
            throw new IllegalStateException(
                    "OdometryPublisher of model '" + model + "' draws noise before it was" + " seeded");
        }
        return random.nextGaussian() * noise;
    }

    @Override
    public void seed(long seed) {
        random = new SplittableRandom(seed);
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        initialized = false;
        throttle.reset();
        for (int i = 0; i < 3; i++) {
            linearMean[i].clear();
            angularMean[i].clear();
        }
    }
}
