package io.orrery.system.trajectoryfollower;

import com.gz.msgs.BoolProtos;
import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.Twist;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.world.InertialSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's TrajectoryFollower system ({@code gz-sim-trajectory-follower-system}), a model plugin: it drives the link
 * {@code <link_name>} through waypoints in the ground plane ({@link Route}). Each step that is not paused, while the
 * next waypoint is farther than {@code <range_tolerance>} (m), it pushes the link at its centre of mass either by
 * {@code <force>} (N) along the centre of mass frame's x axis, when the waypoint's bearing in the link's frame is
 * within {@code <bearing_tolerance>} (degrees), or else by {@code <torque>} (N·m) about that frame's z axis, turning
 * toward it. A reached waypoint moves to the back of the list with {@code <loop>}, else is dropped; the last one is
 * kept, so a vehicle pushed off it returns. {@code <zero_vel_on_bearing_reached>} stops the link's spin when the
 * bearing is within half the tolerance. A {@code gz.msgs.Boolean} on {@code /model/<model>/trajectory_follower/pause}
 * (or {@code <topic>}) pauses ({@code true}) and resumes it. Gazebo's defaults throughout; unlike Gazebo, a malformed
 * parameter or a missing link fails the plugin, and a reset starts the route and the pause over. Threads: the
 * runner's (pause messages arrive on it).
 */
public final class TrajectoryFollower implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-trajectory-follower-system}. */
    public static final String SHORT_NAME = "trajectory-follower";
    /** Gazebo's class name: {@code gz::sim::systems::TrajectoryFollower}. */
    public static final String CLASS_NAME = "TrajectoryFollower";

    private String model;
    private String link;
    private Pose centreOfMass = Pose.IDENTITY;
    private Route route;
    private boolean loop;
    private double force;
    private double torque;
    private double rangeTolerance;
    private double bearingToleranceDegrees;
    private boolean zeroSpinOnBearing;
    private String pauseTopic;

    private boolean paused;
    private boolean initialized;
    private final List<Vec3> waypoints = new ArrayList<>();

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        DeclaringModel declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        String name = params.text("link_name").orElseThrow(() -> params.bad("<link_name> is required"));
        Optional<LinkSpec> spec = declaring
                .spec()
                .flatMap(m ->
                        m.links().stream().filter(l -> l.name().equals(name)).findFirst());
        if (declaring.spec().isPresent() && spec.isEmpty()) {
            throw params.bad("link '" + name + "' was not found in model '" + declaring.scopedName() + "'");
        }
        link = declaring.scoped(name);
        // Gazebo pushes at the centre of mass, turned as the inertial frame is
        centreOfMass = spec.flatMap(LinkSpec::inertial).map(InertialSpec::pose).orElse(Pose.IDENTITY);
        route = Route.of(ctx.spec(), params);
        loop = params.bool("loop", false);
        force = params.finite("force", 60);
        torque = params.finite("torque", 50);
        rangeTolerance = params.finite("range_tolerance", 0.5);
        bearingToleranceDegrees = params.finite("bearing_tolerance", 2.0);
        zeroSpinOnBearing = params.bool("zero_vel_on_bearing_reached", false);
        try {
            pauseTopic = GazeboTopics.valid(params.text("topic").orElse(declaring.topic("trajectory_follower/pause")));
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid pause topic: " + e.getMessage());
        }
    }

    @Override
    public void start(PluginContext ctx) {
        ctx.topics().subscribe(pauseTopic, BoolProtos.Boolean.class, ctx.qualifiedName(), m -> paused = m.getData());
        ctx.logger().info("TrajectoryFollower[{}] subscribed to pause messages on topic[{}]", model, pauseTopic);
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused() || paused) {
            return;
        }
        Optional<LinkState> state = world.model(model).flatMap(m -> m.link(link));
        if (state.isEmpty()) {
            return; // the model was removed
        }
        Pose pose = state.get().pose();
        if (!initialized) {
            // as Gazebo, the relative routes start where the link stands when the follower first runs
            waypoints.addAll(route.from(pose));
            initialized = true;
        }
        if (waypoints.isEmpty()) {
            return;
        }
        Vec3 planar = new Vec3(pose.x(), pose.y(), 0);
        Vec3 local = pose.rotation().conjugate().rotate(waypoints.get(0).minus(planar));
        double range = local.length();
        double bearing = Math.toDegrees(Math.atan2(local.y(), local.x()));
        if (range <= rangeTolerance) {
            if (waypoints.size() > 1) {
                if (loop) {
                    Collections.rotate(waypoints, -1);
                } else {
                    waypoints.remove(0);
                }
            }
            return;
        }
        Pose com = pose.compose(centreOfMass);
        Vec3 pushForce = Vec3.ZERO;
        Vec3 pushTorque = Vec3.ZERO;
        if (Math.abs(bearing) <= bearingToleranceDegrees) {
            pushForce = com.rotation().rotate(new Vec3(force, 0, 0));
            if (zeroSpinOnBearing && Math.abs(bearing) <= bearingToleranceDegrees * 0.5) {
                world.setLinkVelocity(
                        model, link, new Twist(state.get().velocity().linear(), Vec3.ZERO));
            }
        } else {
            pushTorque = com.rotation().rotate(new Vec3(0, 0, Math.signum(bearing) * torque));
        }
        world.addLinkWrench(model, link, pushForce, pushTorque, centreOfMass.position());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        waypoints.clear();
        initialized = false;
        paused = false;
    }
}
