package io.orrery.system.jointcontroller;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.control.Pid;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.system.joints.CommandedJoints;
import io.orrery.system.joints.JointSystemSetup;
import io.orrery.system.joints.PidGains;
import java.util.List;

/**
 * Gazebo's JointController: every step, the joints named by {@code <joint_name>} are driven at the latest
 * velocity received on the command topic ({@code <initial_velocity>} until then). In velocity mode (the default)
 * that is each joint's velocity command; with {@code <use_force_commands>true} a PID on the first joint's
 * velocity error outputs a force applied to every joint.
 *
 * <pre>{@code
 * <plugin filename="gz-sim-joint-controller-system" name="gz::sim::systems::JointController">
 *   <joint_name>j1</joint_name>
 *   <initial_velocity>5.0</initial_velocity>
 * </plugin>
 * }</pre>
 */
public final class JointController implements Plugin, PreUpdate, Reset {

    static final String SYSTEM = "JointController";
    /** Gazebo's gains for force mode. */
    static final PidGains DEFAULT_GAINS = new PidGains(1, 0, 0, 1, -1, 1000, -1000, 0);

    private String model;
    private boolean useForceCommands;
    private Pid pid;
    private CommandedJoints velocity;

    @Override
    public void awake(PluginContext context) {
        JointSystemSetup setup = JointSystemSetup.read(context, SYSTEM);
        GazeboParameters params = setup.params();
        model = setup.model();
        List<String> names = setup.requireJoints("needs at least one <joint_name>");
        useForceCommands = params.bool("use_force_commands", false);
        pid = PidGains.read(params, DEFAULT_GAINS).newPid();
        String topic = GazeboTopics.commandTopic(
                params,
                setup.declaringModel(),
                GazeboTopics.ofModel(setup.declaringModel(), "joint/" + names.get(0) + "/cmd_vel"));
        velocity = setup.command(
                names,
                topic,
                params.finite("initial_velocity", 0),
                useForceCommands ? "velocity (force mode)" : "velocity");
    }

    @Override
    public void start(PluginContext context) {
        velocity.subscribe(context);
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        List<String> driven = velocity.resolve(world);
        double target = velocity.value();
        if (driven.isEmpty()) {
            return;
        }
        if (useForceCommands) {
            double actual = world.joint(model, driven.get(0)).orElseThrow().velocity();
            double force = pid.update(actual - target, info.dtSeconds());
            for (String joint : driven) {
                world.setJointForce(model, joint, force);
            }
        } else {
            for (String joint : driven) {
                world.setJointVelocityCommand(model, joint, target);
            }
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        velocity.reset();
        pid.reset();
    }
}
