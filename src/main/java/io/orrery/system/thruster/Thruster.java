package io.orrery.system.thruster;

import com.gz.msgs.BoolProtos;
import com.gz.msgs.DoubleProtos;
import io.orrery.log.LogSafe;
import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Components;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.control.Pid;
import io.orrery.system.gazebo.GazeboComponents;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.topic.Publisher;
import io.orrery.world.JointSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's Thruster system ({@code gz-sim-thruster-system}), a model plugin: a propeller on the revolute joint
 * {@code <joint_name>} pushes its child link along the joint's axis by the commanded thrust, and spins it at the speed
 * that thrust needs ({@link Propeller}). Commands are {@code gz.msgs.Double}: thrust (N) on
 * {@code /model/<ns>/joint/<joint>/cmd_thrust}, or with {@code <use_angvel_cmd>} the spin (rad/s) on
 * {@code .../cmd_vel}, clamped to [{@code <min_thrust_cmd>}, {@code <max_thrust_cmd>}] (±1000); {@code <topic>}
 * replaces the path with {@code <ns>/<topic>}. The spin is held by a PID torque on the propeller link (p
 * {@code <p_gain>}, 0.1) or, with {@code <velocity_control>}, by the joint's velocity command. The spin (or, with
 * angular velocity commands, the thrust) is published each step on {@code .../ang_vel} (or {@code .../force}); a
 * {@code <deadband>} zeroes thrusts below it while {@code .../enable_deadband} (a {@code gz.msgs.Boolean}) says so.
 * While a battery of its model ({@link GazeboComponents#BATTERY_SOC} on {@code <model>::<name>}) is empty the thruster
 * neither pushes nor publishes; with {@code <power_load>} and {@code <battery_name>} it draws that power (W) from the
 * battery of that name ({@link GazeboComponents#BATTERY_POWER_LOAD}). Gazebo's parameters and defaults throughout.
 * Threads: the runner's.
 */
public final class Thruster implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-thruster-system}. */
    public static final String SHORT_NAME = "thruster";
    /** Gazebo's class name: {@code gz::sim::systems::Thruster}. */
    public static final String CLASS_NAME = "Thruster";

    /** Gazebo's PID acts only beyond this spin error (rad/s). */
    private static final double SPIN_ERROR_BAND = 0.1;

    private PluginContext context;
    private String model;
    private String joint;
    private String link;
    private Pose jointPose;
    private Vec3 axis;
    private boolean angularCommands;
    private boolean velocityControl;
    private double cmdMin = -1000;
    private double cmdMax = 1000;
    private double deadband;
    private boolean deadbandAtLoad;
    private Propeller propeller;
    private Pid pid;
    private String commandTopic;
    private String deadbandTopic;
    private Publisher<DoubleProtos.Double> feedback;
    private String batteryName = "";
    private double powerLoad;
    private String modelEntity;
    private String consumer;
    private String feedbackTopic;

    // runner thread: the commands and what the last step measured
    private double thrust;
    private double spin;
    private boolean deadbandEnabled;
    private double speed;
    private boolean batteryInitialized;

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        model = params.model(ctx.owner());
        String jointName =
                params.text("joint_name").orElseThrow(() -> params.bad("needs <joint_name>, the propeller's joint"));
        JointSpec spec = joint(ctx, jointName)
                .orElseThrow(() -> params.bad("joint '" + jointName + "' is not in model '" + model + "'"));
        joint = ctx.scope() + jointName;
        link = ctx.scope() + spec.child();
        jointPose = spec.pose();
        axis = spec.axis();
        boolean coefficientFixed = params.has("thrust_coefficient");
        if (coefficientFixed && (params.has("alpha_1") || params.has("alpha_2"))) {
            ctx.logger().warn("Thruster: <alpha_1> and <alpha_2> are ignored: <thrust_coefficient> is given");
        }
        propeller = new Propeller(
                params.number("fluid_density", 1000),
                params.number("propeller_diameter", 0.02),
                params.number("thrust_coefficient", 1),
                coefficientFixed,
                params.number("alpha_1", 1),
                params.number("alpha_2", 0),
                params.number("wake_fraction", 0.2));
        angularCommands = params.bool("use_angvel_cmd", false);
        deadbandAtLoad = params.has("deadband");
        deadband = params.number("deadband", 0);
        double max = params.number("max_thrust_cmd", cmdMax);
        double min = params.number("min_thrust_cmd", cmdMin);
        if (max < min) {
            ctx.logger()
                    .warn(
                            "Thruster: <max_thrust_cmd> {} is below <min_thrust_cmd> {}; using {} and {}, as Gazebo"
                                    + " does",
                            max,
                            min,
                            cmdMin,
                            cmdMax);
        } else {
            cmdMax = max;
            cmdMin = min;
        }
        velocityControl = params.bool("velocity_control", false);
        // Gazebo reads <i_gain> and <d_gain> only when they are absent (a slip in its Thruster), so both are 0; its
        // torque limits are the spins of the thrust limits
        pid = new Pid(
                params.number("p_gain", 0.1),
                0,
                0,
                1,
                -1,
                propeller.spinFor(cmdMax, 0, 0),
                propeller.spinFor(cmdMin, 0, 0),
                0);
        if (params.has("power_load")) {
            if (params.has("battery_name")) {
                powerLoad = params.number("power_load", 0);
                batteryName = params.text("battery_name").orElse("");
            } else {
                ctx.logger()
                        .error("Thruster: <power_load> needs <battery_name>, the battery to draw it from; it is"
                                + " ignored, as Gazebo does");
            }
        }
        modelEntity = Components.entity(model, ctx.scope());
        consumer = modelEntity + "::" + jointName;
        topics(params, ctx, jointName);
        deadbandEnabled = deadbandAtLoad;
    }

    private void topics(GazeboParameters params, PluginContext ctx, String jointName) {
        String ns = params.text("namespace").orElse(GazeboTopics.declaringModel(model, ctx.scope()));
        String base = params.text("topic").map(t -> ns + "/" + t).orElse("/model/" + ns + "/joint/" + jointName);
        boolean custom = params.has("topic");
        try {
            commandTopic = GazeboTopics.valid(custom ? base : base + (angularCommands ? "/cmd_vel" : "/cmd_thrust"));
            feedbackTopic = GazeboTopics.valid(base + (angularCommands ? "/force" : "/ang_vel"));
            deadbandTopic = GazeboTopics.valid(base + "/enable_deadband");
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid topic: " + e.getMessage());
        }
    }

    /** The joint named in the model (or in the nested model that declared the plugin). */
    private static Optional<JointSpec> joint(PluginContext ctx, String name) {
        Optional<ModelSpec> m = ctx.modelSpec();
        String scope = ctx.scope();
        while (m.isPresent() && !scope.isEmpty()) {
            int cut = scope.indexOf("::");
            String nested = scope.substring(0, cut);
            scope = scope.substring(cut + 2);
            m = m.get().models().stream().filter(n -> n.name().equals(nested)).findFirst();
        }
        return m.flatMap(
                s -> s.joints().stream().filter(j -> j.name().equals(name)).findFirst());
    }

    @Override
    public void start(PluginContext ctx) {
        String owner = ctx.qualifiedName();
        if (angularCommands) {
            ctx.topics().subscribe(commandTopic, DoubleProtos.Double.class, owner, this::onSpin);
        } else {
            ctx.topics().subscribe(commandTopic, DoubleProtos.Double.class, owner, this::onThrust);
        }
        ctx.topics().subscribe(deadbandTopic, BoolProtos.Boolean.class, owner, m -> deadbandEnabled = m.getData());
        feedback = ctx.topics().advertise(feedbackTopic, DoubleProtos.Double.class, owner);
        ctx.logger().info("Thruster listening to commands on {}", LogSafe.of(commandTopic));
    }

    private void onThrust(DoubleProtos.Double m) {
        thrust = clamp(finite(m.getData()));
        spin = propeller.spinFor(thrust, spin, speed);
    }

    private void onSpin(DoubleProtos.Double m) {
        spin = clamp(finite(m.getData()));
        thrust = propeller.thrustAt(spin);
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        Optional<LinkState> state = world.model(model).flatMap(m -> m.link(link));
        if (state.isEmpty() || !hasSufficientBattery()) {
            return;
        }
        drawFromBattery();
        LinkState l = state.get();
        Vec3 unit = l.pose().compose(jointPose).rotation().rotate(axis).normalized();
        double desiredThrust = thrust;
        spin = propeller.spinFor(thrust, spin, speed);
        double desiredSpin = spin;
        if (deadbandEnabled && Math.abs(desiredThrust) < deadband) {
            desiredThrust = 0;
            desiredSpin = 0;
        }
        double torque = 0;
        double measured;
        if (!velocityControl) {
            double current = l.velocity().angular().dot(unit);
            double error = current - desiredSpin;
            if (Math.abs(error) > SPIN_ERROR_BAND) {
                torque = pid.update(error, info.dtNanos() / 1e9);
            }
            measured = current;
        } else {
            world.setJointVelocityCommand(model, joint, desiredSpin);
            measured = desiredSpin;
        }
        double published = angularCommands ? desiredThrust : measured;
        feedback.publish(DoubleProtos.Double.newBuilder().setData(published).build());
        world.addLinkWrench(model, link, unit.times(desiredThrust), unit.times(torque), Vec3.ZERO);
        speed = l.velocity().linear().length();
    }

    /** Gazebo's rule: no battery of the model at or below an empty charge (none at all is enough). */
    private boolean hasSufficientBattery() {
        String prefix = modelEntity + "::";
        return context.components().all(GazeboComponents.BATTERY_SOC).entrySet().stream()
                .filter(e -> e.getKey().startsWith(prefix) && e.getKey().indexOf("::", prefix.length()) < 0)
                .allMatch(e -> e.getValue() > 0);
    }

    /** Once a battery named {@code <battery_name>} is found (one only, anywhere), the thruster's load joins it. */
    private void drawFromBattery() {
        if (batteryName.isEmpty() || batteryInitialized) {
            return;
        }
        List<String> named = context.components().all(GazeboComponents.BATTERY_SOC).keySet().stream()
                .filter(e -> e.endsWith("::" + batteryName))
                .toList();
        if (named.isEmpty()) {
            return; // none yet: a battery joins in its first step
        }
        batteryInitialized = true;
        if (named.size() > 1) {
            context.logger()
                    .error(
                            "Thruster: more than one battery is named '{}' ({}); none is drawn from, as Gazebo does",
                            LogSafe.of(batteryName),
                            LogSafe.of(named.toString()));
            return;
        }
        context.components()
                .set(
                        consumer,
                        GazeboComponents.BATTERY_POWER_LOAD,
                        new GazeboComponents.PowerLoad(named.get(0), powerLoad));
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        batteryInitialized = false; // a reset cleared the components
        thrust = 0;
        spin = 0;
        speed = 0;
        deadbandEnabled = deadbandAtLoad;
        pid.reset();
    }

    private double clamp(double v) {
        return Math.max(cmdMin, Math.min(cmdMax, v));
    }

    /** gz-math's fixnan: NaN and infinities become 0. */
    private static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }
}
