package io.orrery.system.mecanumdrive;

import com.gz.msgs.TwistProtos.Twist;
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
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.system.gazebo.OdometryOutput;
import io.orrery.topic.TopicBus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's MecanumDrive system ({@code gz-sim-mecanum-drive-system}): a vehicle on mecanum wheels. A
 * {@code gz.msgs.Twist} on {@code /model/<model>/cmd_vel} (or {@code <topic>}) sets the target forward speed
 * ({@code linear.x}), sideways speed ({@code linear.y}) and turn rate ({@code angular.z}); every PostUpdate limits
 * them (the forward and sideways speeds by one limiter's bounds, the turn rate by another's, all from the same
 * {@code <min_velocity>} ... {@code <max_jerk>}) and turns them into the four wheel speeds, (v ∓ lateral ∓ ω·(separation
 * + base)/2)/radius; the next PreUpdate commands them as joint velocities on every joint of each corner. Odometry
 * ({@link MecanumOdometry}) is published as Gazebo's drives publish it. The wheels move the vehicle sideways only
 * through their surfaces' anisotropic friction ({@code mu2}, {@code fdir1}). Unlike Gazebo, a reset puts everything
 * back as at load. Threads: the runner's (commands arrive on it between steps).
 */
public final class MecanumDrive implements Plugin, PreUpdate, PostUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-mecanum-drive-system}. */
    public static final String SHORT_NAME = "mecanum-drive";
    /** Gazebo's class name: {@code gz::sim::systems::MecanumDrive}. */
    public static final String CLASS_NAME = "MecanumDrive";

    private static final String[] CORNERS = {"front_left", "front_right", "back_left", "back_right"};

    private PluginContext context;
    private String model;
    private DeclaringModel declaring;
    /** Each corner's joint names, as the SDF names them (scoped for a nested model), in {@link #CORNERS} order. */
    private final List<List<String>> names = new ArrayList<>();
    /** Each corner's joints found so far. */
    private final List<List<String>> joints = new ArrayList<>();

    private double wheelSeparation;
    private double wheelBase;
    private double wheelRadius;
    private LimitedSpeed linearSpeed;
    private LimitedSpeed lateralSpeed;
    private LimitedSpeed angularSpeed;
    private MecanumOdometry odometry;
    private OdometryOutput odometryOutput;
    private boolean warnedMissing;
    private double targetLinear;
    private double targetLateral;
    private double targetAngular;
    private final double[] wheelSpeeds = new double[4];

    @Override
    public void awake(PluginContext ctx) {
        this.context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        for (String corner : CORNERS) {
            names.add(params.all(corner + "_joint").stream()
                    .map(declaring::scoped)
                    .toList());
            joints.add(new ArrayList<>());
        }
        wheelSeparation = params.number("wheel_separation", 1.0);
        wheelBase = params.number("wheelbase", 1.0);
        wheelRadius = params.number("wheel_radius", 0.2);
        // Gazebo gives both limiters the same bounds; the sideways speed goes through the forward speed's limiter
        SpeedLimiter limiter = SpeedLimiter.named(params::number);
        linearSpeed = new LimitedSpeed(limiter);
        lateralSpeed = new LimitedSpeed(limiter);
        angularSpeed = new LimitedSpeed(limiter);
        odometry = new MecanumOdometry(wheelSeparation, wheelBase, wheelRadius);
        odometryOutput = new OdometryOutput(params, model, declaring.scope());

        TopicBus bus = ctx.topics();
        String owner = ctx.qualifiedName();
        String topic = commandTopic(params);
        bus.subscribe(topic, Twist.class, owner, this::onCmdVel);
        odometryOutput.advertise(params, bus, owner);
        ctx.logger().info("MecanumDrive subscribing to twist messages on [{}]", topic);
    }

    /** {@code <topic>}, else {@code cmd_vel} under the declaring model (MecanumDrive reads no {@code <sub_topic>}). */
    private String commandTopic(GazeboParameters params) {
        try {
            return GazeboTopics.valid(params.text("topic").orElse(declaring.topic("cmd_vel")));
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid command topic: " + e.getMessage());
        }
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    private void onCmdVel(Twist twist) {
        targetLinear = twist.getLinear().getX();
        targetLateral = twist.getLinear().getY();
        targetAngular = twist.getAngular().getZ();
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (!ready()) {
            findJoints(world);
            if (!ready()) {
                return;
            }
        }
        if (info.paused()) {
            return;
        }
        for (int corner = 0; corner < CORNERS.length; corner++) {
            double speed = wheelSpeeds[corner];
            joints.get(corner).forEach(j -> world.setJointVelocityCommand(model, j, speed));
        }
    }

    private boolean ready() {
        return joints.stream().noneMatch(List::isEmpty);
    }

    /** Gazebo looks for the joints every step until every corner has one, warning once about those it lacks. */
    private void findJoints(PhysicsWorld world) {
        List<String> missing = new ArrayList<>();
        for (int corner = 0; corner < CORNERS.length; corner++) {
            List<String> found = joints.get(corner);
            found.clear();
            for (String name : names.get(corner)) {
                (world.joint(model, name).isPresent() ? found : missing).add(name);
            }
        }
        if (!ready() && !warnedMissing) {
            context.logger()
                    .warn(
                            "MecanumDrive of model '{}' cannot find joints {} (each of front left, front right, back"
                                    + " left and back right needs one); it waits for them",
                            model,
                            missing);
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
        double lateral = lateralSpeed.limit(targetLateral, dt);
        double angular = angularSpeed.limit(targetAngular, dt);
        linearSpeed.record(linear);
        lateralSpeed.record(lateral);
        angularSpeed.record(angular);
        double turn = angular * 0.5 * (wheelSeparation + wheelBase);
        wheelSpeeds[0] = (linear - lateral - turn) / wheelRadius;
        wheelSpeeds[1] = (linear + lateral + turn) / wheelRadius;
        wheelSpeeds[2] = (linear + lateral - turn) / wheelRadius;
        wheelSpeeds[3] = (linear - lateral + turn) / wheelRadius;
    }

    private void updateOdometry(UpdateInfo info, WorldView world) {
        if (!odometry.initialized()) {
            odometry.init(info.simTimeSeconds());
            return;
        }
        if (!ready()) {
            return;
        }
        double[] angles = new double[4];
        for (int corner = 0; corner < CORNERS.length; corner++) {
            Optional<JointState> joint = world.joint(model, joints.get(corner).get(0));
            if (joint.isEmpty()) {
                return;
            }
            angles[corner] = joint.get().position();
        }
        odometry.update(angles[0], angles[1], angles[2], angles[3], info.simTimeSeconds());
        odometryOutput.publishIfDue(
                info.simTimeNanos(),
                world,
                odometry.x(),
                odometry.y(),
                odometry.heading(),
                odometry.linearSpeed(),
                odometry.lateralSpeed(),
                odometry.angularSpeed());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        targetLinear = 0;
        targetLateral = 0;
        targetAngular = 0;
        linearSpeed.reset();
        lateralSpeed.reset();
        angularSpeed.reset();
        java.util.Arrays.fill(wheelSpeeds, 0);
        odometry.clear();
        odometryOutput.reset();
    }
}
