package io.orrery.system.applyjointforce;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.system.joints.CommandedJoints;
import io.orrery.system.joints.JointSystemSetup;
import java.util.List;

/**
 * Gazebo's ApplyJointForce: the force (N·m or N) last received on {@code /model/<model>/joint/<joint>/cmd_force}
 * is applied to the joint {@code <joint_name>} in every step until another arrives; 0 until the first. The
 * physics clamps it to the joint's {@code <limit><effort>}.
 *
 * <pre>{@code
 * <plugin filename="gz-sim-apply-joint-force-system" name="gz::sim::systems::ApplyJointForce">
 *   <joint_name>j1</joint_name>
 * </plugin>
 * }</pre>
 */
public final class ApplyJointForce implements Plugin, PreUpdate, Reset {

    static final String SYSTEM = "ApplyJointForce";

    private String model;
    private String joint;
    private CommandedJoints force;

    @Override
    public void awake(PluginContext context) {
        JointSystemSetup setup = JointSystemSetup.read(context, SYSTEM);
        model = setup.model();
        joint = setup.requireJoints("needs a <joint_name>").get(0); // Gazebo reads the first one only
        String topic;
        try {
            topic = GazeboTopics.underModel(setup.declaringModel(), "joint/" + joint + "/cmd_force");
        } catch (IllegalArgumentException e) {
            throw setup.params().bad("no valid command topic: " + e.getMessage());
        }
        force = setup.command(List.of(joint), topic, 0, "force");
        joint = setup.scoped(joint); // the physics state scopes a nested model's joints
    }

    @Override
    public void start(PluginContext context) {
        force.subscribe(context);
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused() || force.resolve(world).isEmpty()) {
            return;
        }
        world.setJointForce(model, joint, force.value());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        force.reset();
    }
}
