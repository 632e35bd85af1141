package io.orrery.system.jointpositioncontroller;

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
 * Gazebo's JointPositionController: every step, the first joint's position error (position − target) drives
 * the joints named by {@code <joint_name>}. By default a PID on that error outputs the force applied to every
 * joint; with {@code <use_velocity_commands>true} each joint gets the velocity command that would close the error
 * in one step, limited to ±{@code <cmd_max>} only when {@code <cmd_max>} is given (Gazebo's rule).
 *
 * <pre>{@code
 * <plugin filename="gz-sim-joint-position-controller-system" name="gz::sim::systems::JointPositionController">
 *   <joint_name>j1</joint_name>
 *   <topic>rotor_cmd</topic>
 * </plugin>
 * }</pre>
 */
public final class JointPositionController implements Plugin, PreUpdate, Reset {

    static final String SYSTEM = "JointPositionController";
    /** Gazebo's gains. */
    static final PidGains DEFAULT_GAINS = new PidGains(1, 0.1, 0.01, 1, -1, 1000, -1000, 0);

    private String model;
    private boolean useVelocityCommands;
    private boolean velocityLimited;
    private PidGains gains;
    private Pid pid;
    private CommandedJoints position;

    @Override
    public void awake(PluginContext context) {
        JointSystemSetup setup = JointSystemSetup.read(context, SYSTEM);
        GazeboParameters params = setup.params();
        model = setup.model();
        List<String> names = setup.requireJoints("needs at least one <joint_name>");
        int index = params.index("joint_index", 0);
        if (index != 0) {
            // Gazebo ignores a controller whose index the joint lacks; Orrery's joints have one axis.
            throw params.bad("joint_index", "0 (Orrery's joints have one axis)", "'" + index + "'");
        }
        gains = PidGains.read(params, DEFAULT_GAINS);
        pid = gains.newPid();
        velocityLimited = params.has("cmd_max");
        useVelocityCommands = params.bool("use_velocity_commands", false);
        String topic = GazeboTopics.commandTopic(
                params,
                setup.declaringModel(),
                GazeboTopics.ofModel(setup.declaringModel(), "joint/" + names.get(0) + "/" + index + "/cmd_pos"));
        position = setup.command(
                names,
                topic,
                params.finite("initial_position", 0),
                useVelocityCommands ? "position (velocity commands)" : "position (PID force)");
    }

    @Override
    public void start(PluginContext context) {
        position.subscribe(context);
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        List<String> driven = position.resolve(world);
        if (driven.isEmpty()) {
            return;
        }
        double error = world.joint(model, driven.get(0)).orElseThrow().position() - position.value();
        double dt = info.dtSeconds();
        if (useVelocityCommands) {
            double velocity = -error / dt;
            if (velocityLimited && Math.abs(error) > gains.cmdMax() * dt) {
                velocity = error < 0 ? gains.cmdMax() : -gains.cmdMax();
            }
            for (String joint : driven) {
                world.setJointVelocityCommand(model, joint, velocity);
            }
            return;
        }
        double force = pid.update(error, dt);
        for (String joint : driven) {
            world.setJointForce(model, joint, force);
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        position.reset();
        pid.reset();
    }
}
