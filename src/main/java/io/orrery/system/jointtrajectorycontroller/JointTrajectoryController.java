package io.orrery.system.jointtrajectorycontroller;

import com.gz.msgs.FloatProtos;
import com.gz.msgs.JointTrajectoryPointProtos.JointTrajectoryPoint;
import com.gz.msgs.JointTrajectoryProtos.JointTrajectory;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.control.Pid;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.topic.Publisher;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.ModelSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;

/**
 * Gazebo's JointTrajectoryController system ({@code gz-sim-joint-trajectory-controller-system}), a model plugin: a
 * {@code gz.msgs.JointTrajectory} on {@code <topic>} ({@code /model/<model>/joint_trajectory}) is followed point by
 * point in sim time, each point's positions, velocities and efforts becoming the targets of the joints it names once
 * the previous point's {@code time_from_start} has passed; every step that is not paused each joint is given the
 * force of a position PID and a velocity PID (gz-math's, per joint: {@code position_p_gain} and so on, 0 by
 * default, so either may be left off) plus the target effort. Each change of point publishes the share of points
 * reached as a {@code gz.msgs.Float} on {@code <topic>_progress}. The joints are {@code <joint_name>}s in order, else
 * every revolute, continuous and prismatic joint of the model in file order; {@code initial_position} is each one's
 * first target. A reset returns to the initial targets with the PIDs' history and the trajectory forgotten.
 * Unlike Gazebo: {@code <use_header_start_time>} is an element (Gazebo reads an attribute of {@code <plugin>}) and a
 * trajectory started at its header's stamp does move on past its first point; gearbox joints are not driven (their
 * force is not a command here); a model without any joint to drive fails the plugin. Threads: the runner's.
 */
public final class JointTrajectoryController implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-joint-trajectory-controller-system}. */
    public static final String SHORT_NAME = "joint-trajectory-controller";
    /** Gazebo's class name: {@code gz::sim::systems::JointTrajectoryController}. */
    public static final String CLASS_NAME = "JointTrajectoryController";

    /** The PID parameters, each repeatable per joint, with gz-sim's defaults. */
    private static final String[] PID_PARAMETERS = {"p_gain", "i_gain", "d_gain", "i_min", "i_max", "cmd_min", "cmd_max"
    };

    private static final double[] PID_DEFAULTS = {0, 0, 0, 0, -1, 0, -1};

    private Logger log;
    /** The joints by their unscoped names, as trajectories name them. */
    private final Map<String, ActuatedJoint> joints = new LinkedHashMap<>();

    private final Trajectory trajectory = new Trajectory();
    private boolean useHeaderStartTime;
    private Publisher<FloatProtos.Float> progress;

    @Override
    public void awake(PluginContext ctx) {
        log = ctx.logger();
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        String top = params.model(ctx.owner());
        String scope = ctx.scope();
        String model = GazeboTopics.declaringModel(top, scope);
        ModelSpec spec = DeclaringModel.of(ctx, params)
                .spec()
                .orElseThrow(() -> params.bad("needs the model it drives, '" + model + "'"));
        List<String> enabled = enabledJoints(spec, params.names("joint_name"));
        List<Double> initial = numbers(params, "initial_position");
        Map<String, List<Double>> position = pidParameters(params, "position");
        Map<String, List<Double>> velocity = pidParameters(params, "velocity");
        for (int i = 0; i < enabled.size(); i++) {
            String name = enabled.get(i);
            joints.put(
                    name, new ActuatedJoint(top, scope + name, nth(initial, i, 0), pid(position, i), pid(velocity, i)));
            log.info("[JointTrajectoryController] Configured joint [{}].", name);
        }
        if (joints.isEmpty()) {
            throw params.bad("model '" + model + "' has no supported joints (revolute, continuous or prismatic)");
        }
        useHeaderStartTime = params.bool("use_header_start_time", false);
        String topic;
        try {
            topic = GazeboTopics.valid(params.text("topic").orElse(GazeboTopics.ofModel(model, "joint_trajectory")));
        } catch (IllegalArgumentException e) {
            throw params.bad("<topic> is not a valid topic: " + e.getMessage());
        }
        ctx.topics().subscribe(topic, JointTrajectory.class, ctx.qualifiedName(), this::onTrajectory);
        progress = ctx.topics().advertise(topic + "_progress", FloatProtos.Float.class, ctx.qualifiedName());
        log.info(
                "[JointTrajectoryController] Subscribing to joint trajectory commands on topic [{}], progress on"
                        + " [{}_progress].",
                topic,
                topic);
    }

    /** gz-sim's GetEnabledJoints: the named joints (or all), those of one axis that take a force. */
    private List<String> enabledJoints(ModelSpec model, List<String> named) {
        List<JointSpec> candidates = new ArrayList<>();
        if (named.isEmpty()) {
            candidates.addAll(model.joints());
        } else {
            for (String name : named) {
                Optional<JointSpec> joint = model.joints().stream()
                        .filter(j -> j.name().equals(name))
                        .findFirst();
                if (joint.isEmpty()) {
                    log.error(
                            "[JointTrajectoryController] Model does not contain joint [{}], which was explicitly"
                                    + " enabled.",
                            name);
                } else {
                    candidates.add(joint.get());
                }
            }
        }
        List<String> enabled = new ArrayList<>();
        for (JointSpec joint : candidates) {
            JointType type = joint.type();
            if (enabled.contains(joint.name())) {
                log.warn("[JointTrajectoryController] Ignoring duplicate joint [{}].", joint.name());
            } else if (type == JointType.REVOLUTE || type == JointType.CONTINUOUS || type == JointType.PRISMATIC) {
                enabled.add(joint.name());
            } else if (type != JointType.FIXED) {
                log.warn(
                        "[JointTrajectoryController] Joint [{}] is of unsupported type {}. Only revolute,"
                                + " continuous and prismatic joints are driven.",
                        joint.name(),
                        type);
            }
        }
        return enabled;
    }

    private static Map<String, List<Double>> pidParameters(GazeboParameters params, String kind) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (String name : PID_PARAMETERS) {
            values.put(name, numbers(params, kind + "_" + name));
        }
        values.put("cmd_offset", numbers(params, kind + "_cmd_offset"));
        return values;
    }

    /** The {@code i}-th joint's PID, each parameter its own or gz-sim's default. */
    private static Pid pid(Map<String, List<Double>> values, int i) {
        double[] v = new double[PID_PARAMETERS.length];
        for (int k = 0; k < v.length; k++) {
            v[k] = nth(values.get(PID_PARAMETERS[k]), i, PID_DEFAULTS[k]);
        }
        // gz-math's order: p, i, d, iMax, iMin, cmdMax, cmdMin, cmdOffset
        return new Pid(v[0], v[1], v[2], v[4], v[3], v[6], v[5], nth(values.get("cmd_offset"), i, 0));
    }

    /** Every element of that name as a number, in order. */
    private static List<Double> numbers(GazeboParameters params, String element) {
        List<Double> values = new ArrayList<>();
        for (String text : params.all(element)) {
            try {
                values.add(Double.parseDouble(text));
            } catch (NumberFormatException e) {
                throw params.bad(element, "a number", "'" + text + "'");
            }
        }
        return values;
    }

    private static double nth(List<Double> values, int i, double fallback) {
        return i < values.size() ? values.get(i) : fallback;
    }

    private void onTrajectory(JointTrajectory msg) {
        if (msg.getJointNamesCount() == 0) {
            log.warn("[JointTrajectoryController] JointTrajectory message does not contain any joint names.");
            return;
        }
        if (msg.getPointsCount() > 0 && msg.getPoints(0).getAccelerationsCount() > 0) {
            log.warn("[JointTrajectoryController] JointTrajectory message contains acceleration commands, which are"
                    + " currently ignored.");
        }
        if (trajectory.status != Trajectory.Status.REACHED) {
            log.warn("[JointTrajectoryController] A new JointTrajectory message was received while executing a"
                    + " previous trajectory.");
        }
        trajectory.startNanos = 0;
        if (useHeaderStartTime && msg.hasHeader() && msg.getHeader().hasStamp()) {
            var stamp = msg.getHeader().getStamp();
            trajectory.startNanos = stamp.getSec() * 1_000_000_000L + stamp.getNsec();
        }
        trajectory.reset();
        for (String name : msg.getJointNamesList()) {
            if (!joints.containsKey(name)) {
                log.warn("[JointTrajectoryController] Trajectory contains joint [{}], which is not configured.", name);
            }
            trajectory.jointNames.add(name);
        }
        trajectory.points.addAll(msg.getPointsList());
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
        boolean update = false;
        if (trajectory.status == Trajectory.Status.NEW) {
            if (trajectory.startNanos == 0) {
                trajectory.startNanos = info.simTimeNanos();
            }
            trajectory.status = trajectory.points.isEmpty() ? Trajectory.Status.REACHED : Trajectory.Status.ACTIVE;
            update = true;
        }
        if (trajectory.status == Trajectory.Status.ACTIVE && trajectory.updateCurrentPoint(info.simTimeNanos())) {
            update = true;
        }
        if (update && trajectory.status != Trajectory.Status.REACHED) {
            JointTrajectoryPoint point = trajectory.points.get(trajectory.pointIndex);
            for (int i = 0; i < trajectory.jointNames.size(); i++) {
                ActuatedJoint joint = joints.get(trajectory.jointNames.get(i));
                if (joint != null) {
                    joint.setTarget(point, i);
                }
            }
            if (trajectory.isGoalReached()) {
                trajectory.status = Trajectory.Status.REACHED;
            }
            progress.publish(FloatProtos.Float.newBuilder()
                    .setData(trajectory.progress())
                    .build());
        }
        double dt = info.dtNanos() / 1e9;
        for (ActuatedJoint joint : joints.values()) {
            joint.update(world, dt);
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        for (ActuatedJoint joint : joints.values()) {
            joint.resetTarget();
            joint.resetPids();
        }
        trajectory.reset();
        trajectory.startNanos = 0;
    }
}
