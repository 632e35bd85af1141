package io.orrery.system.velocitycontrol;

import com.gz.msgs.TwistProtos;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.log.LogSafe;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.Twist;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.topic.TopicBus;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gazebo's VelocityControl system ({@code gz-sim-velocity-control-system}). A {@code gz.msgs.Twist} on
 * {@code <topic>} (default {@code /model/<model>/cmd_vel}) is the model's velocity in its own frame, taken up in
 * PostUpdate and set on the canonical link before every step from then on (zero until a command, or
 * {@code <initial_linear>} and {@code <initial_angular>}); the other links keep their motion relative to it, so
 * joints are not disturbed. Each {@code <link_name>} subscribes to {@code /model/<model>/link/<link>/cmd_vel}: that
 * link's velocity in its own frame, set after the model's. In a nested model, {@code <model>} is the nested
 * model's own name and its links are named as it writes them, as Gazebo binds the system to the declaring model.
 *
 * <p>A reset goes back to the initial velocities and forgets the link commands. Runner thread (PostUpdate may run
 * on a pool thread while the runner waits).
 */
public final class VelocityControl implements Plugin, PreUpdate, PostUpdate, Reset {

    public static final String SHORT_NAME = "velocity-control";
    public static final String CLASS_NAME = "VelocityControl";

    private PluginContext context;
    private String model;
    private DeclaringModel declaring;
    private Vec3 initialLinear;
    private Vec3 initialAngular;
    private List<String> linkNames;

    private Vec3 targetLinear;
    private Vec3 targetAngular;
    private Vec3 linear;
    private Vec3 angular;
    /** Link commands received since the last PostUpdate. */
    private final Map<String, Twist> received = new LinkedHashMap<>();
    /** Link commands in force, in each link's frame. */
    private final Map<String, Twist> linkCommands = new LinkedHashMap<>();

    private boolean warnedStatic;
    private boolean warnedBeyondReach;

    /** The largest speed (m/s) or turn rate (rad/s) a command may ask for: far beyond any robot, within the engine. */
    static final double MAX_COMMAND = 1e4;

    @Override
    public void awake(PluginContext ctx) {
        this.context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        initialLinear = params.vector("initial_linear", Vec3.ZERO);
        initialAngular = params.vector("initial_angular", Vec3.ZERO);
        linkNames = params.all("link_name");
        String topic = params.topic("topic", declaring.topic("cmd_vel"));
        resetState();

        TopicBus bus = ctx.topics();
        String owner = ctx.qualifiedName();
        bus.subscribe(topic, TwistProtos.Twist.class, owner, t -> {
            if (withinReach(t, topic)) {
                targetLinear = vec(t.getLinear());
                targetAngular = vec(t.getAngular());
            }
        });
        for (String link : linkNames) {
            String linkTopic = declaring.topic("link/" + link + "/cmd_vel");
            bus.subscribe(linkTopic, TwistProtos.Twist.class, owner, t -> {
                if (withinReach(t, linkTopic)) {
                    received.put(link, new Twist(vec(t.getLinear()), vec(t.getAngular())));
                }
            });
        }
        ctx.logger().info("VelocityControl subscribing to twist messages on [{}]", LogSafe.of(topic));
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        ModelState state = world.model(model).orElse(null);
        if (state == null || state.links().isEmpty()) {
            return;
        }
        if (state.isStatic()) {
            if (!warnedStatic) {
                context.logger().warn("VelocityControl: model '{}' is static; it is not moved", LogSafe.of(model));
                warnedStatic = true;
            }
            return;
        }
        declaring.pose(state).ifPresent(pose -> setModelVelocity(world, state, pose));
        for (Map.Entry<String, Twist> command : linkCommands.entrySet()) {
            state.link(declaring.scoped(command.getKey()))
                    .ifPresentOrElse(
                            link -> {
                                Quat r = link.pose().rotation();
                                world.setLinkVelocity(
                                        model,
                                        link.name(),
                                        new Twist(
                                                r.rotate(command.getValue().linear()),
                                                r.rotate(command.getValue().angular())));
                            },
                            () -> context.logger()
                                    .warn("VelocityControl: model '{}' has no link '{}'", model, command.getKey()));
        }
    }

    /**
     * The canonical link gets the commanded twist (model frame, turned into the world's); every other link gets
     * the change of the canonical link's rigid motion added to its own, keeping its motion relative to it. For a
     * nested model's plugin that is the nested model's canonical link and frame; the rest of the top-level model
     * moves with it, as Gazebo moves the free group the link belongs to.
     */
    private void setModelVelocity(PhysicsWorld world, ModelState state, io.orrery.world.Pose pose) {
        Quat r = pose.rotation();
        Vec3 newLinear = r.rotate(linear);
        Vec3 newAngular = r.rotate(angular);
        List<LinkState> own = declaring.links(state);
        LinkState canonical = own.isEmpty() ? state.links().get(0) : own.get(0);
        Vec3 centre = canonical.pose().position();
        Vec3 oldLinear = canonical.velocity().linear();
        Vec3 oldAngular = canonical.velocity().angular();
        for (LinkState link : state.links()) {
            Vec3 arm = link.pose().position().minus(centre);
            Vec3 relativeLinear = link.velocity().linear().minus(oldLinear.plus(oldAngular.cross(arm)));
            Vec3 relativeAngular = link.velocity().angular().minus(oldAngular);
            world.setLinkVelocity(
                    model,
                    link.name(),
                    new Twist(
                            newLinear.plus(newAngular.cross(arm)).plus(relativeLinear),
                            newAngular.plus(relativeAngular)));
        }
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused()) {
            return;
        }
        linear = targetLinear;
        angular = targetAngular;
        linkCommands.putAll(received);
        received.clear();
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        resetState();
    }

    private void resetState() {
        targetLinear = initialLinear;
        targetAngular = initialAngular;
        linear = initialLinear;
        angular = initialAngular;
        received.clear();
        linkCommands.clear();
        warnedStatic = false;
    }

    /**
     * A command the physics can carry out: every component finite and at most {@link #MAX_COMMAND} (m/s or rad/s).
     * Gazebo passes any number on; here 1e300 m/s made the engine's own checks fail and aborted the run (found by
     * fuzzing), so a command beyond reach is logged and ignored, and the model keeps the last one.
     */
    private boolean withinReach(TwistProtos.Twist t, String topic) {
        double[] values = {
            t.getLinear().getX(),
            t.getLinear().getY(),
            t.getLinear().getZ(),
            t.getAngular().getX(),
            t.getAngular().getY(),
            t.getAngular().getZ()
        };
        for (double v : values) {
            if (!(Math.abs(v) <= MAX_COMMAND)) {
                if (!warnedBeyondReach) { // once: a client repeating it must not flood the log
                    context.logger()
                            .warn(
                                    "VelocityControl: ignored a twist on {} beyond {} m/s or rad/s: {}; more"
                                            + " such twists are ignored without a word",
                                    topic,
                                    MAX_COMMAND,
                                    t);
                    warnedBeyondReach = true;
                }
                return false;
            }
        }
        return true;
    }

    private static Vec3 vec(Vector3d v) {
        return new Vec3(v.getX(), v.getY(), v.getZ());
    }
}
