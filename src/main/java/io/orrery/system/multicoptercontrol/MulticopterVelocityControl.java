package io.orrery.system.multicoptercontrol;

import com.gz.msgs.BoolProtos;
import com.gz.msgs.TwistProtos;
import io.orrery.log.LogSafe;
import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Components;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.Seeded;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboComponents;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Vec3;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Gazebo's MulticopterVelocityControl system ({@code gz-sim-multicopter-control-system}), a model plugin: a
 * {@code gz.msgs.Twist} on {@code /<robotNamespace>/<commandSubTopic>} ({@code cmd_vel}) asks for a linear velocity and
 * a yaw rate in the body frame of {@code <comLinkName>}, clipped to {@code <maximumLinearVelocity>} and
 * {@code <maximumAngularVelocity>}; every step a {@link LeeVelocityController} (gains {@code <velocityGain>},
 * {@code <attitudeGain>}, {@code <angularRateGain>}, acceleration capped at {@code <maximumLinearAcceleration>}) turns
 * it into rotor speeds for the rotors of {@code <rotorConfiguration>}, which it hands to the model's
 * MulticopterMotorModels as Gazebo's Actuators component on the model ({@link GazeboComponents#ACTUATORS}). The mass and
 * inertia are the model's links' (nested models' too), summed as Gazebo does ({@link Airframe}). The velocities it
 * reads carry Gaussian noise ({@code <linearVelocityNoiseMean>}, {@code <linearVelocityNoiseStdDev>},
 * {@code <angularVelocityNoiseMean>}, {@code <angularVelocityNoiseStdDev>}; seeded from the run). A
 * {@code gz.msgs.Boolean} false on {@code /<robotNamespace>/<enableSubTopic>} ({@code enable}) stops the rotors once
 * and forgets the command; true waits for the next. Nothing is sent before the first Twist. Gazebo's parameters and
 * defaults; the parameters Gazebo requires fail the plugin when missing. Threads: the runner's.
 */
public final class MulticopterVelocityControl implements Plugin, PreUpdate, Reset, Seeded {

    /** Gazebo's short name: {@code gz-sim-multicopter-control-system}. */
    public static final String SHORT_NAME = "multicopter-control";
    /** Gazebo's class name: {@code gz::sim::systems::MulticopterVelocityControl}. */
    public static final String CLASS_NAME = "MulticopterVelocityControl";

    private static final Vec3 UNBOUNDED = new Vec3(Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE);

    private String model;
    private String comLink;
    private LeeVelocityController controller;
    private Vec3 maxLinear;
    private Vec3 maxAngular;
    private Vec3 linearNoiseMean;
    private Vec3 linearNoiseStdDev;
    private Vec3 angularNoiseMean;
    private Vec3 angularNoiseStdDev;
    private String commandTopic;
    private String enableTopic;
    private String entity;
    private PluginContext context;

    // runner thread
    private TwistProtos.Twist command;
    private boolean active = true;
    private double[] rotorVelocities;
    private SplittableRandom random = new SplittableRandom(0);

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        model = params.model(ctx.owner());
        ModelSpec declaring = DeclaringModel.of(ctx, params)
                .spec()
                .orElseThrow(() -> params.bad("its model is not in the world file, so its links are unknown"));
        String comLinkName =
                params.text("comLinkName").orElseThrow(() -> params.bad("needs <comLinkName>, the vehicle's body"));
        LinkSpec com = declaring.links().stream()
                .filter(l -> l.name().equals(comLinkName))
                .findFirst()
                .orElseThrow(() -> params.bad("link '" + comLinkName + "' is not in model '" + declaring.name() + "'"));
        comLink = ctx.scope() + comLinkName;
        List<Rotor> rotors = Airframe.rotors(params, ctx.spec(), declaring, com);
        Airframe airframe = Airframe.of(declaring);
        Vec3 velocityGain = required(params, "velocityGain");
        Vec3 attitudeGain = required(params, "attitudeGain");
        Vec3 angularRateGain = required(params, "angularRateGain");
        Vec3 maxAcceleration = params.vector("maximumLinearAcceleration", UNBOUNDED);
        maxLinear = abs(params.vector("maximumLinearVelocity", UNBOUNDED));
        maxAngular = abs(params.vector("maximumAngularVelocity", UNBOUNDED));
        try {
            controller = LeeVelocityController.of(
                    airframe.mass(),
                    airframe.inertia(),
                    ctx.gravity(),
                    rotors,
                    velocityGain,
                    attitudeGain,
                    angularRateGain,
                    maxAcceleration);
        } catch (IllegalArgumentException e) {
            throw params.bad(e.getMessage());
        }
        linearNoiseMean = params.vector("linearVelocityNoiseMean", Vec3.ZERO);
        linearNoiseStdDev = params.vector("linearVelocityNoiseStdDev", Vec3.ZERO);
        angularNoiseMean = params.vector("angularVelocityNoiseMean", Vec3.ZERO);
        angularNoiseStdDev = params.vector("angularVelocityNoiseStdDev", Vec3.ZERO);
        String ns = params.text("robotNamespace").orElseThrow(() -> params.bad("needs <robotNamespace>"));
        commandTopic = subTopic(params, ns, "commandSubTopic", "cmd_vel");
        enableTopic = subTopic(params, ns, "enableSubTopic", "enable");
        entity = Components.entity(model, ctx.scope());
        context = ctx;
        rotorVelocities = new double[rotors.size()];
    }

    private static Vec3 required(GazeboParameters params, String element) {
        if (!params.has(element)) {
            throw params.bad("needs <" + element + ">");
        }
        return params.vector(element, Vec3.ZERO);
    }

    private static Vec3 abs(Vec3 v) {
        return new Vec3(Math.abs(v.x()), Math.abs(v.y()), Math.abs(v.z()));
    }

    private static String subTopic(GazeboParameters params, String ns, String element, String fallback) {
        String sub = params.text(element).orElse(fallback);
        try {
            return io.orrery.system.gazebo.GazeboTopics.valid(ns + "/" + sub);
        } catch (IllegalArgumentException e) {
            throw params.bad(element, "a valid topic under <robotNamespace>", "'" + sub + "' (" + e.getMessage() + ")");
        }
    }

    @Override
    public void start(PluginContext ctx) {
        String owner = ctx.qualifiedName();
        ctx.topics().subscribe(commandTopic, TwistProtos.Twist.class, owner, m -> command = m);
        ctx.topics().subscribe(enableTopic, BoolProtos.Boolean.class, owner, m -> active = m.getData());
        ctx.logger()
                .info(
                        "MulticopterVelocityControl subscribing to Twist messages on {} and Boolean messages on {}",
                        LogSafe.of(commandTopic),
                        LogSafe.of(enableTopic));
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        if (!active) {
            // stop the rotors once, and wait for a new command after being enabled again
            if (squaredNorm(rotorVelocities) > 0) {
                rotorVelocities = new double[rotorVelocities.length];
                publish();
                command = null;
            }
            return;
        }
        if (command == null) {
            return;
        }
        Optional<LinkState> link = world.model(model).flatMap(m -> m.link(comLink));
        if (link.isEmpty()) {
            return;
        }
        Vec3 linear = clip(vector(command.getLinear()), maxLinear);
        Vec3 angular = clip(vector(command.getAngular()), maxAngular);
        LinkState l = link.get();
        FrameData frame = new FrameData(
                l.pose().rotation(),
                noisy(l.velocity().linear(), linearNoiseMean, linearNoiseStdDev),
                noisy(
                        l.pose().rotation().conjugate().rotate(l.velocity().angular()),
                        angularNoiseMean,
                        angularNoiseStdDev));
        rotorVelocities = controller.rotorVelocities(frame, linear, angular);
        publish();
    }

    private void publish() {
        context.components().set(entity, GazeboComponents.ACTUATORS, new GazeboComponents.Rotors(rotorVelocities));
    }

    private Vec3 noisy(Vec3 value, Vec3 mean, Vec3 stdDev) {
        return new Vec3(
                value.x() + noise(mean.x(), stdDev.x()),
                value.y() + noise(mean.y(), stdDev.y()),
                value.z() + noise(mean.z(), stdDev.z()));
    }

    /** Gazebo draws only where the standard deviation is positive; the mean alone adds nothing. */
    private double noise(double mean, double stdDev) {
        return stdDev > 0 ? mean + stdDev * gaussian() : 0;
    }

    private double gaussian() {
        // Box-Muller from the seeded stream
        double u = 1 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private static Vec3 clip(Vec3 v, Vec3 max) {
        return new Vec3(
                Math.max(-max.x(), Math.min(max.x(), v.x())),
                Math.max(-max.y(), Math.min(max.y(), v.y())),
                Math.max(-max.z(), Math.min(max.z(), v.z())));
    }

    private static Vec3 vector(com.gz.msgs.Vector3dProtos.Vector3d v) {
        return new Vec3(finite(v.getX()), finite(v.getY()), finite(v.getZ()));
    }

    /** gz-math's fixnan: NaN and infinities become 0. */
    private static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }

    private static double squaredNorm(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x * x;
        }
        return sum;
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        command = null;
        active = true;
        rotorVelocities = new double[rotorVelocities.length];
    }

    @Override
    public void seed(long seed) {
        random = new SplittableRandom(seed);
    }
}
