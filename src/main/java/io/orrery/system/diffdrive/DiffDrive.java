package io.orrery.system.diffdrive;

import com.gz.msgs.BoolProtos;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.log.LogSafe;
import io.orrery.physics.JointState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.control.LimitedSpeed;
import io.orrery.system.control.SpeedLimiter;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.system.gazebo.OdometryOutput;
import io.orrery.topic.TopicBus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's DiffDrive system ({@code gz-sim-diff-drive-system}): a {@code gz.msgs.Twist} on {@code <topic>}
 * (default {@code /model/<model>/cmd_vel}) sets the target; every PostUpdate runs the target's forward speed
 * ({@code linear.x}) and turn rate ({@code angular.z}) through the speed limiters and turns them into wheel speeds,
 * which the next PreUpdate commands on every left and right joint (Gazebo's velocity command, re-applied each
 * step). Odometry is integrated from the first left and first right joint's positions and published at
 * {@code <odom_publish_frequency>} Hz of sim time on {@code <odom_topic>} and {@code <tf_topic>}.
 * {@code /model/<model>/enable} false zeroes the target and ignores commands until true.
 *
 * <p>Unlike Gazebo, a reset puts everything back as at load: no target, no limiter history, odometry at zero,
 * enabled. Threads: the runner's (PostUpdate may run on a pool thread while the runner waits for it).
 */
public final class DiffDrive implements Plugin, PreUpdate, PostUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-diff-drive-system}. */
    public static final String SHORT_NAME = "diff-drive";
    /** Gazebo's class name: {@code gz::sim::systems::DiffDrive}. */
    public static final String CLASS_NAME = "DiffDrive";

    private PluginContext context;
    private String model;
    private List<String> leftNames;
    private List<String> rightNames;
    private double separation;
    private double radius;
    private LimitedSpeed linearSpeed;
    private LimitedSpeed angularSpeed;
    private OdometryOutput odometryOutput;
    private DiffDriveOdometry odometry;

    private final List<String> leftJoints = new ArrayList<>();
    private final List<String> rightJoints = new ArrayList<>();
    private boolean warnedMissing;
    private boolean enabled = true;
    private double targetLinear;
    private double targetAngular;
    private double leftSpeed;
    private double rightSpeed;

    @Override
    public void awake(PluginContext ctx) {
        this.context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        model = params.model(ctx.owner());
        // a nested model's DiffDrive names its joints within that model; the physics state scopes them
        String scope = ctx.scope();
        String name = GazeboTopics.declaringModel(model, scope);
        leftNames = params.all("left_joint").stream().map(j -> scope + j).toList();
        rightNames = params.all("right_joint").stream().map(j -> scope + j).toList();
        separation = params.number("wheel_separation", 1.0);
        radius = params.number("wheel_radius", 0.2);
        linearSpeed = new LimitedSpeed(limiter(params, "linear"));
        angularSpeed = new LimitedSpeed(limiter(params, "angular"));
        odometryOutput = new OdometryOutput(params, model, scope);
        String cmdTopic = params.topic("topic", GazeboTopics.ofModel(name, "cmd_vel"));
        odometry = new DiffDriveOdometry(separation, radius, radius, DiffDriveOdometry.DEFAULT_WINDOW);

        TopicBus bus = ctx.topics();
        String owner = ctx.qualifiedName();
        odometryOutput.advertise(params, bus, owner);
        bus.subscribe(cmdTopic, Twist.class, owner, this::onCmdVel);
        bus.subscribe(GazeboTopics.ofModel(name, "enable"), BoolProtos.Boolean.class, owner, this::onEnable);
        ctx.logger().info("DiffDrive subscribing to twist messages on [{}]", LogSafe.of(cmdTopic));
    }

    /**
     * A limiter from {@code min_/max_velocity|acceleration|jerk}, overridden by the {@code linear_} or
     * {@code angular_} variant; what is not given is unlimited.
     */
    static SpeedLimiter limiter(GazeboParameters params, String kind) {
        SpeedLimiter l = SpeedLimiter.NONE;
        l = l.withVelocity(
                bound(params, "min", kind, "velocity", l.minVelocity()),
                bound(params, "max", kind, "velocity", l.maxVelocity()));
        l = l.withAcceleration(
                bound(params, "min", kind, "acceleration", l.minAcceleration()),
                bound(params, "max", kind, "acceleration", l.maxAcceleration()));
        return l.withJerk(
                bound(params, "min", kind, "jerk", l.minJerk()), bound(params, "max", kind, "jerk", l.maxJerk()));
    }

    private static double bound(GazeboParameters params, String side, String kind, String quantity, double none) {
        double shared = params.number(side + "_" + quantity, none);
        return params.number(side + "_" + kind + "_" + quantity, shared);
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    private void onCmdVel(Twist twist) {
        if (enabled) {
            targetLinear = twist.getLinear().getX();
            targetAngular = twist.getAngular().getZ();
        }
    }

    private void onEnable(BoolProtos.Boolean flag) {
        enabled = flag.getData();
        if (!enabled) {
            targetLinear = 0;
            targetAngular = 0;
        }
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (leftJoints.isEmpty() || rightJoints.isEmpty()) {
            findJoints(world);
            if (leftJoints.isEmpty() || rightJoints.isEmpty()) {
                return;
            }
        }
        if (info.paused()) {
            return;
        }
        for (String joint : leftJoints) {
            world.setJointVelocityCommand(model, joint, leftSpeed);
        }
        for (String joint : rightJoints) {
            world.setJointVelocityCommand(model, joint, rightSpeed);
        }
    }

    /** Gazebo looks for the joints every step until it has both sides, warning once about those it lacks. */
    private void findJoints(PhysicsWorld world) {
        List<String> missing = new ArrayList<>();
        leftJoints.clear();
        rightJoints.clear();
        for (String name : leftNames) {
            (world.joint(model, name).isPresent() ? leftJoints : missing).add(name);
        }
        for (String name : rightNames) {
            (world.joint(model, name).isPresent() ? rightJoints : missing).add(name);
        }
        if (leftNames.isEmpty() || rightNames.isEmpty()) {
            missing.add(leftNames.isEmpty() ? "<left_joint>" : "<right_joint>");
        }
        if (!missing.isEmpty() && !warnedMissing) {
            context.logger()
                    .warn(
                            "DiffDrive of model '{}' cannot find joints {}; it waits for them",
                            LogSafe.of(model),
                            LogSafe.of(missing));
            warnedMissing = true;
        }
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused()) {
            return;
        }
        updateVelocity(info.dtSeconds());
        updateOdometry(info, world);
    }

    private void updateVelocity(double dt) {
        double linear = linearSpeed.limit(targetLinear, dt);
        double angular = angularSpeed.limit(targetAngular, dt);
        linearSpeed.record(linear);
        angularSpeed.record(angular);
        rightSpeed = (linear + angular * separation / 2) / radius;
        leftSpeed = (linear - angular * separation / 2) / radius;
    }

    private void updateOdometry(UpdateInfo info, WorldView world) {
        if (!odometry.isInitialized()) {
            odometry.init(info.simTimeSeconds());
            return;
        }
        if (leftJoints.isEmpty() || rightJoints.isEmpty()) {
            return;
        }
        Optional<JointState> left = world.joint(model, leftJoints.get(0));
        Optional<JointState> right = world.joint(model, rightJoints.get(0));
        if (left.isEmpty() || right.isEmpty()) {
            return;
        }
        odometry.update(left.get().position(), right.get().position(), info.simTimeSeconds());
        odometryOutput.publishIfDue(
                info.simTimeNanos(),
                world,
                odometry.x(),
                odometry.y(),
                odometry.heading(),
                odometry.linearSpeed(),
                odometry.angularSpeed());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        enabled = true;
        targetLinear = 0;
        targetAngular = 0;
        linearSpeed.reset();
        angularSpeed.reset();
        leftSpeed = 0;
        rightSpeed = 0;
        odometry.clear();
        odometryOutput.reset();
    }
}
