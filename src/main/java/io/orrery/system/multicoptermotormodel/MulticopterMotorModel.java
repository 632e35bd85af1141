package io.orrery.system.multicoptermotormodel;

import com.gz.msgs.ActuatorsProtos.Actuators;
import io.orrery.log.LogSafe;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Components;
import io.orrery.plugin.GazeboSystemName;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboComponents;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * Gazebo's MulticopterMotorModel system ({@code gz-sim-multicopter-motor-model-system}), a model plugin: the rotor
 * {@code <linkName>} on the revolute joint {@code <jointName>} is spun by the joint's velocity command towards entry
 * {@code <actuator_number>} of the last {@code gz.msgs.Actuators} velocities on {@code /<robotNamespace>/<commandSubTopic>}
 * (capped at {@code <maxRotVelocity>}), through a first-order lag ({@link RotorFilter}), divided by
 * {@code <rotorVelocitySlowdownSim>}. From the joint's measured speed ω (times the slowdown) the rotor's link is
 * lifted along its z axis by {@code <motorConstant>} ω², and dragged against its velocity across the joint's axis by
 * {@code <rotorDragCoefficient>} |ω|; the joint's parent link is twisted by the thrust times
 * {@code <momentConstant>} about the rotor's z axis (against its {@code <turningDirection>}) and by the rolling
 * moment {@code <rollingMomentCoefficient>} |ω| across the axis. When the model also carries a
 * MulticopterVelocityControl, the controller's velocities (Gazebo's Actuators component on the model,
 * {@link GazeboComponents#ACTUATORS}) take precedence and commands on the transport topic are ignored, as in Gazebo. Gazebo's
 * parameters and defaults throughout; the world's wind is not subtracted (still air). Threads: the runner's.
 */
public final class MulticopterMotorModel implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-multicopter-motor-model-system}. */
    public static final String SHORT_NAME = "multicopter-motor-model";
    /** Gazebo's class name: {@code gz::sim::systems::MulticopterMotorModel}. */
    public static final String CLASS_NAME = "MulticopterMotorModel";

    private static final String CONTROLLER_FILENAME = GazeboSystemName.filename("multicopter-control");
    private static final String CONTROLLER_CLASS = GazeboSystemName.className("MulticopterVelocityControl");

    private PluginContext context;
    private String model;
    private String joint;
    private String link;
    private String parentLink;
    private Pose jointPose;
    private Vec3 jointAxis;
    private Vec3 centreOfMass;
    private String commandTopic;
    private String entity;
    private boolean controlled;
    private int actuator;
    private int direction;
    private double maxRotVelocity;
    private double motorConstant;
    private double momentConstant;
    private double rotorDragCoefficient;
    private double rollingMomentCoefficient;
    private double slowdown;
    private RotorFilter filter;

    // runner thread: the commands received and the reference they set
    private Actuators received;
    private double reference;
    private boolean warnedIndex;
    private boolean warnedAliasing;

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        model = params.model(ctx.owner());
        String ns = params.text("robotNamespace").orElseGet(() -> {
            ctx.logger().warn("MulticopterMotorModel: no <robotNamespace>, using the model's name, as Gazebo does");
            return GazeboTopics.declaringModel(model, ctx.scope());
        });
        ModelSpec declaring = DeclaringModel.of(ctx, params)
                .spec()
                .orElseThrow(() -> params.bad("its model is not in the world file, so its joints are unknown"));
        String jointName =
                params.text("jointName").orElseThrow(() -> params.bad("needs <jointName>, the rotor's joint"));
        JointSpec spec = declaring.joints().stream()
                .filter(j -> j.name().equals(jointName))
                .findFirst()
                .orElseThrow(() -> params.bad("joint '" + jointName + "' is not in model '" + declaring.name() + "'"));
        String linkName = params.text("linkName").orElseThrow(() -> params.bad("needs <linkName>, the rotor's link"));
        LinkSpec linkSpec = declaring.links().stream()
                .filter(l -> l.name().equals(linkName))
                .findFirst()
                .orElseThrow(() -> params.bad("link '" + linkName + "' is not in model '" + declaring.name() + "'"));
        joint = ctx.scope() + jointName;
        link = ctx.scope() + linkName;
        parentLink = ctx.scope() + spec.parent();
        jointPose = spec.pose();
        jointAxis = spec.axis();
        centreOfMass = linkSpec.inertial().map(i -> i.pose().position()).orElse(Vec3.ZERO);
        actuator = actuatorNumber(params, ctx);
        direction = turningDirection(params, ctx);
        String motorType = params.text("motorType").orElse("velocity");
        if (!motorType.equals("velocity")) {
            throw params.bad("motorType", "'velocity' (Gazebo supports no other)", "'" + motorType + "'");
        }
        maxRotVelocity = params.number("maxRotVelocity", 838.0);
        motorConstant = params.number("motorConstant", 8.54858e-06);
        momentConstant = params.number("momentConstant", 0.016);
        rotorDragCoefficient = params.number("rotorDragCoefficient", 1.0e-4);
        rollingMomentCoefficient = params.number("rollingMomentCoefficient", 1.0e-6);
        slowdown = params.number("rotorVelocitySlowdownSim", 10.0);
        if (slowdown == 0) {
            throw params.bad("rotorVelocitySlowdownSim", "a number other than 0", "0");
        }
        filter = new RotorFilter(
                params.number("timeConstantUp", 1.0 / 80.0), params.number("timeConstantDown", 1.0 / 40.0));
        String sub = params.text("commandSubTopic").orElse("");
        try {
            commandTopic = GazeboTopics.valid(sub.isEmpty() ? ns : ns + "/" + sub);
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid topic from <robotNamespace> and <commandSubTopic>: " + e.getMessage());
        }
        entity = Components.entity(model, ctx.scope());
        controlled = declaring.plugins().stream().anyMatch(MulticopterMotorModel::isController);
    }

    private static boolean isController(PluginSpec p) {
        return GazeboSystemName.canonicalFilename(p.filename())
                        .filter(CONTROLLER_FILENAME::equals)
                        .isPresent()
                || GazeboSystemName.canonicalClassName(p.name())
                        .filter(CONTROLLER_CLASS::equals)
                        .isPresent();
    }

    private static int actuatorNumber(GazeboParameters params, PluginContext ctx) {
        if (params.has("actuator_number")) {
            return params.index("actuator_number", 0);
        }
        if (params.has("motorNumber")) {
            ctx.logger().warn("MulticopterMotorModel: <motorNumber> is deprecated, use <actuator_number>");
            return params.index("motorNumber", 0);
        }
        ctx.logger().error("MulticopterMotorModel: no <actuator_number>; using 0, as Gazebo does");
        return 0;
    }

    private static int turningDirection(GazeboParameters params, PluginContext ctx) {
        Optional<String> text = params.text("turningDirection");
        if (text.isEmpty()) {
            ctx.logger().error("MulticopterMotorModel: no <turningDirection>; using 'cw', as Gazebo does");
            return -1;
        }
        return switch (text.get()) {
            case "cw" -> -1;
            case "ccw" -> 1;
            default -> throw params.bad("turningDirection", "'cw' or 'ccw'", "'" + text.get() + "'");
        };
    }

    @Override
    public void start(PluginContext ctx) {
        String owner = ctx.qualifiedName();
        ctx.topics().subscribe(commandTopic, Actuators.class, owner, m -> received = m);
        ctx.logger().info("MulticopterMotorModel listening to topic {}", LogSafe.of(commandTopic));
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        Optional<ModelState> state = world.model(model);
        Optional<LinkState> rotor = state.flatMap(m -> m.link(link));
        Optional<LinkState> parent = state.flatMap(m -> m.link(parentLink));
        Optional<JointState> spin = state.flatMap(m -> m.joint(joint));
        if (rotor.isEmpty() || parent.isEmpty() || spin.isEmpty()) {
            return;
        }
        // Gazebo's component, once the controller has set it, wins over transport and is read every step
        Optional<double[]> message = controlled
                ? context.components().get(entity, GazeboComponents.ACTUATORS).map(GazeboComponents.Rotors::velocities)
                : Optional.ofNullable(received).map(MulticopterMotorModel::velocities);
        received = null;
        if (message.isPresent()) {
            double[] velocities = message.get();
            if (actuator > velocities.length - 1) {
                if (!warnedIndex) {
                    warnedIndex = true;
                    context.logger()
                            .error(
                                    "MulticopterMotorModel: actuator {} is beyond the {} velocities of the Actuators"
                                            + " message; the rotor is left as it was, as Gazebo does",
                                    actuator,
                                    velocities.length);
                }
                return;
            }
            reference = Math.min(velocities[actuator], maxRotVelocity);
        }
        double dt = info.dtNanos() / 1e9;
        apply(world, rotor.get(), parent.get(), spin.get().velocity(), dt);
    }

    private static double[] velocities(Actuators m) {
        double[] v = new double[m.getVelocityCount()];
        for (int i = 0; i < v.length; i++) {
            v[i] = m.getVelocity(i);
        }
        return v;
    }

    private void apply(PhysicsWorld world, LinkState rotor, LinkState parent, double jointSpeed, double dt) {
        if (jointSpeed / (2 * Math.PI) > 1 / (2 * dt) && !warnedAliasing) {
            warnedAliasing = true;
            context.logger()
                    .warn(
                            "MulticopterMotorModel: aliasing on motor {} might occur; make the step smaller or raise"
                                    + " <rotorVelocitySlowdownSim>",
                            actuator);
        }
        double speed = jointSpeed * slowdown;
        double thrust = direction * Math.signum(speed) * speed * speed * motorConstant;
        Pose pose = rotor.pose();
        Vec3 axis = pose.compose(jointPose).rotation().rotate(jointAxis);
        Vec3 relative = rotor.velocity().linear(); // minus the wind, still here
        Vec3 across = relative.minus(axis.times(relative.dot(axis)));
        Vec3 lift = pose.rotation().rotate(new Vec3(0, 0, thrust));
        Vec3 drag = across.times(-Math.abs(speed) * rotorDragCoefficient);
        world.addLinkWrench(model, link, lift.plus(drag), Vec3.ZERO, centreOfMass);
        // the drag torque about the rotor's z axis, through the parent's frame as Gazebo turns it: the rotor's rotation
        Vec3 dragTorque = parent.pose()
                .rotation()
                .rotate(parent.pose()
                        .inverse()
                        .compose(pose)
                        .rotation()
                        .rotate(new Vec3(0, 0, -direction * thrust * momentConstant)));
        Vec3 rolling = across.times(-Math.abs(speed) * rollingMomentCoefficient);
        world.addLinkWrench(model, parentLink, Vec3.ZERO, dragTorque.plus(rolling), Vec3.ZERO);
        double command = filter.update(reference, dt);
        world.setJointVelocityCommand(model, joint, direction * command / slowdown);
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        received = null;
        reference = 0;
        filter.reset();
    }
}
