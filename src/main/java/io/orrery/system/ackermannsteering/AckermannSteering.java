package io.orrery.system.ackermannsteering;

import com.gz.msgs.ActuatorsProtos.Actuators;
import com.gz.msgs.DoubleProtos;
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
 * Gazebo's AckermannSteering system ({@code gz-sim-ackermann-steering-system}): a car-like vehicle whose front
 * wheels turn on steering joints. A {@code gz.msgs.Twist} on {@code /model/<model>/cmd_vel} sets the target speed
 * ({@code linear.x}) and turn rate ({@code angular.z}); every PostUpdate limits them, turns them into a turning
 * radius no tighter than the steering limit allows, and from it into wheel speeds and steering angles (each
 * steering joint driven at {@code steer_p_gain} times its angle error); the next PreUpdate commands them as joint
 * velocities. Odometry is dead reckoning from the first left and right wheel and the mean steering angle.
 *
 * <p>With {@code <steering_only>} it only steers: a {@code gz.msgs.Double} angle on {@code
 * /model/<model>/steer_angle}, or, with {@code <use_actuator_msg>}, entry {@code <actuator_number>} of a
 * {@code gz.msgs.Actuators}' positions on {@code /actuators}. In a nested model the joints are named as the nested
 * model writes them and {@code <model>} is its own name, as Gazebo binds a system to the model that declares it.
 * Unlike Gazebo, a reset puts everything back as at load.
 * Threads: the runner's (commands arrive on it between steps).
 */
public final class AckermannSteering implements Plugin, PreUpdate, PostUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-ackermann-steering-system}. */
    public static final String SHORT_NAME = "ackermann-steering";
    /** Gazebo's class name: {@code gz::sim::systems::AckermannSteering}. */
    public static final String CLASS_NAME = "AckermannSteering";

    /** Gazebo's stand-in for "straight ahead": a turning radius of 1e9 m. */
    private static final double STRAIGHT = 1e9;

    private PluginContext context;
    private String model;
    private DeclaringModel declaring;
    private boolean steeringOnly;
    private int actuatorNumber = -1;
    private List<String> leftNames;
    private List<String> rightNames;
    private List<String> leftSteeringNames;
    private List<String> rightSteeringNames;
    private double wheelSeparation;
    private double kingpinWidth;
    private double wheelBase;
    private double steeringLimit;
    private double wheelRadius;
    private double steerGain;
    private LimitedSpeed linearSpeed;
    private LimitedSpeed angularSpeed;
    private OdometryOutput odometryOutput;

    private final List<String> leftJoints = new ArrayList<>();
    private final List<String> rightJoints = new ArrayList<>();
    private final List<String> leftSteeringJoints = new ArrayList<>();
    private final List<String> rightSteeringJoints = new ArrayList<>();
    private boolean warnedMissing;
    private double targetLinear;
    private double targetAngular;
    private double targetAngle;
    private double leftSpeed;
    private double rightSpeed;
    private double leftSteeringSpeed;
    private double rightSteeringSpeed;
    private final Odometry2d odometry = new Odometry2d();

    @Override
    public void awake(PluginContext ctx) {
        this.context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        steeringOnly = params.bool("steering_only", false);
        if (params.bool("use_actuator_msg", false)) {
            if (!params.has("actuator_number")) {
                throw params.bad("<use_actuator_msg> needs an <actuator_number>");
            }
            actuatorNumber = params.index("actuator_number", 0);
            steeringOnly = true;
        }
        leftSteeringNames = scoped(params.all("left_steering_joint"));
        rightSteeringNames = scoped(params.all("right_steering_joint"));
        leftNames = steeringOnly ? List.of() : scoped(params.all("left_joint"));
        rightNames = steeringOnly ? List.of() : scoped(params.all("right_joint"));
        wheelRadius = steeringOnly ? 0.2 : params.number("wheel_radius", 0.2);
        kingpinWidth = steeringOnly ? 0.8 : params.number("kingpin_width", 0.8);
        wheelSeparation = params.number("wheel_separation", 1.0);
        wheelBase = params.number("wheel_base", 1.0);
        steeringLimit = params.number("steering_limit", 0.5);
        steerGain = params.number("steer_p_gain", 1.0);
        // Gazebo gives both limiters the same bounds: one <min_velocity> limits the turn rate too
        SpeedLimiter limiter = SpeedLimiter.named(params::number);
        linearSpeed = new LimitedSpeed(limiter);
        angularSpeed = new LimitedSpeed(limiter);
        odometryOutput = new OdometryOutput(params, model, declaring.scope());

        TopicBus bus = ctx.topics();
        String owner = ctx.qualifiedName();
        String topic = commandTopic(params);
        if (!steeringOnly) {
            bus.subscribe(topic, Twist.class, owner, this::onCmdVel);
            odometryOutput.advertise(params, bus, owner);
            ctx.logger().info("AckermannSteering subscribing to twist messages on [{}]", topic);
        } else if (actuatorNumber >= 0) {
            bus.subscribe(topic, Actuators.class, owner, this::onActuators);
            ctx.logger().info("AckermannSteering subscribing to Actuator messages on [{}]", topic);
        } else {
            bus.subscribe(topic, DoubleProtos.Double.class, owner, m -> targetAngle = m.getData());
            ctx.logger().info("AckermannSteering subscribing to float messages on [{}]", topic);
        }
    }

    /** A nested model's joints as written there, as the physics state names them (scoped in the top model). */
    private List<String> scoped(List<String> joints) {
        return joints.stream().map(declaring::scoped).toList();
    }

    /**
     * {@code <topic>}, else {@code <sub_topic>} under the model, else the mode's default, as Gazebo picks; the model
     * is the declaring one, a nested model's own name.
     */
    private String commandTopic(GazeboParameters params) {
        String fallback = !steeringOnly
                ? declaring.topic("cmd_vel")
                : actuatorNumber >= 0 ? "/actuators" : declaring.topic("steer_angle");
        return GazeboTopics.commandTopic(params, declaring.name(), fallback);
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    private void onCmdVel(Twist twist) {
        targetLinear = twist.getLinear().getX();
        targetAngular = twist.getAngular().getZ();
    }

    private void onActuators(Actuators message) {
        if (actuatorNumber > message.getPositionCount() - 1) {
            context.logger()
                    .warn(
                            "AckermannSteering of model '{}': actuator {} is not in a message of {} positions",
                            model,
                            actuatorNumber,
                            message.getPositionCount());
            return;
        }
        targetAngle = message.getPosition(actuatorNumber);
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
        leftJoints.forEach(j -> world.setJointVelocityCommand(model, j, leftSpeed));
        rightJoints.forEach(j -> world.setJointVelocityCommand(model, j, rightSpeed));
        leftSteeringJoints.forEach(j -> world.setJointVelocityCommand(model, j, leftSteeringSpeed));
        rightSteeringJoints.forEach(j -> world.setJointVelocityCommand(model, j, rightSteeringSpeed));
    }

    private boolean ready() {
        boolean steering = !leftSteeringJoints.isEmpty() && !rightSteeringJoints.isEmpty();
        return steering && (steeringOnly || (!leftJoints.isEmpty() && !rightJoints.isEmpty()));
    }

    /** Gazebo looks for the joints every step until it has them all, warning once about those it lacks. */
    private void findJoints(PhysicsWorld world) {
        List<String> missing = new ArrayList<>();
        find(world, leftNames, leftJoints, missing);
        find(world, rightNames, rightJoints, missing);
        find(world, leftSteeringNames, leftSteeringJoints, missing);
        find(world, rightSteeringNames, rightSteeringJoints, missing);
        if (!ready() && !warnedMissing) {
            context.logger()
                    .warn(
                            "AckermannSteering of model '{}' cannot find joints {} (left, right, left steering and"
                                    + " right steering are each needed); it waits for them",
                            model,
                            missing);
            warnedMissing = true;
        }
    }

    private void find(PhysicsWorld world, List<String> names, List<String> found, List<String> missing) {
        found.clear();
        for (String name : names) {
            (world.joint(model, name).isPresent() ? found : missing).add(name);
        }
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused() || leftSteeringJoints.isEmpty() || rightSteeringJoints.isEmpty()) {
            return;
        }
        if (steeringOnly) {
            updateAngle(info.dtSeconds(), world);
        } else {
            updateVelocity(info.dtSeconds(), world);
            updateOdometry(info, world);
        }
    }

    private void updateVelocity(double dt, WorldView world) {
        double linear = linearSpeed.limit(targetLinear, dt);
        double angular = angularSpeed.limit(targetAngular, dt);
        linearSpeed.record(linear);
        angularSpeed.record(angular);

        double radius = turningRadius(linear, angular);
        double phi = Math.atan(wheelBase / radius);
        double spread = wheelSeparation * Math.tan(phi) / (2 * wheelBase);
        rightSpeed = linear * (1 + spread) / wheelRadius;
        leftSpeed = linear * (1 - spread) / wheelRadius;
        steer(
                Math.atan(wheelBase / (radius - kingpinWidth / 2)),
                Math.atan(wheelBase / (radius + kingpinWidth / 2)),
                world);
    }

    /** The radius of the turn: {@code v / w}, no tighter than the steering limit allows, 1e9 m when straight. */
    private double turningRadius(double linear, double angular) {
        double radius = linear / angular;
        double tightest = wheelBase / Math.sin(steeringLimit);
        if (Math.abs(linear) > 0) {
            if (radius >= 0 && radius < tightest) {
                radius = tightest;
            }
            if (radius <= 0 && radius > -tightest) {
                radius = -tightest;
            }
        } else if (Math.abs(angular) >= 0.001) {
            radius = Math.signum(angular) * tightest;
        }
        return Math.abs(angular) < 0.001 ? STRAIGHT : radius;
    }

    private void updateAngle(double dt, WorldView world) {
        double angle = angularSpeed.limit(targetAngle, dt);
        if (Math.abs(angle) > steeringLimit) {
            angle = Math.signum(angle) * steeringLimit;
        }
        angularSpeed.record(angle);
        double along = 2 * wheelBase * Math.cos(angle);
        double across = wheelSeparation * Math.sin(angle);
        double rise = 2 * wheelBase * Math.sin(angle);
        steer(Math.atan(rise / (along - across)), Math.atan(rise / (along + across)), world);
    }

    /** Drives each steering joint toward its angle at the gain times its error. */
    private void steer(double leftAngle, double rightAngle, WorldView world) {
        Optional<JointState> left = world.joint(model, leftSteeringJoints.get(0));
        Optional<JointState> right = world.joint(model, rightSteeringJoints.get(0));
        if (left.isEmpty() || right.isEmpty()) {
            return;
        }
        leftSteeringSpeed = steerGain * (leftAngle - left.get().position());
        rightSteeringSpeed = steerGain * (rightAngle - right.get().position());
    }

    private void updateOdometry(UpdateInfo info, WorldView world) {
        if (leftJoints.isEmpty() || rightJoints.isEmpty()) {
            return;
        }
        Optional<JointState> left = world.joint(model, leftJoints.get(0));
        Optional<JointState> right = world.joint(model, rightJoints.get(0));
        Optional<JointState> leftSteering = world.joint(model, leftSteeringJoints.get(0));
        Optional<JointState> rightSteering = world.joint(model, rightSteeringJoints.get(0));
        if (left.isEmpty() || right.isEmpty() || leftSteering.isEmpty() || rightSteering.isEmpty()) {
            return;
        }
        double phi = 0.5 * (leftSteering.get().position() + rightSteering.get().position());
        odometry.update(
                left.get().position(), right.get().position(), phi, wheelBase, wheelRadius, info.simTimeSeconds());
        odometryOutput.publishIfDue(
                info.simTimeNanos(),
                world,
                odometry.x(),
                odometry.y(),
                odometry.yaw(),
                odometry.linearSpeed(),
                odometry.angularSpeed());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        targetLinear = 0;
        targetAngular = 0;
        targetAngle = 0;
        linearSpeed.reset();
        angularSpeed.reset();
        leftSpeed = 0;
        rightSpeed = 0;
        leftSteeringSpeed = 0;
        rightSteeringSpeed = 0;
        odometry.clear();
        odometryOutput.reset();
    }
}
