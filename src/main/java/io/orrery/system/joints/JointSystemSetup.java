package io.orrery.system.joints;

import io.orrery.plugin.PluginContext;
import io.orrery.system.gazebo.GazeboParameters;
import java.util.List;
import org.slf4j.Logger;

/**
 * What every joint system reads first in its awake: its parameters, the model it is attached to (Gazebo's joint
 * systems work only inside a {@code <model>}) and the joints named by {@code <joint_name>}.
 *
 * @param params the plugin's parameters, for what the system reads next
 * @param model the owning top-level model's name
 * @param jointNames the {@code <joint_name>}s in order, possibly none
 * @param log the plugin's logger
 */
public record JointSystemSetup(GazeboParameters params, String model, List<String> jointNames, Logger log) {

    /** Reads them for {@code system}; throws when the plugin sits at world level or a joint name is empty. */
    public static JointSystemSetup read(PluginContext context, String system) {
        GazeboParameters params = GazeboParameters.ofJointSystem(context.spec(), system);
        String model = params.model(context.owner());
        return new JointSystemSetup(params, model, params.names("joint_name"), context.logger());
    }

    /** The joint names; throws with {@code problem} when there is none. */
    public List<String> requireJoints(String problem) {
        if (jointNames.isEmpty()) {
            throw params.bad(problem);
        }
        return jointNames;
    }

    /** The joints {@code names} of the model, driven by a command on {@code topic}; {@code what} names it in logs. */
    public CommandedJoints command(List<String> names, String topic, double initial, String what) {
        return new CommandedJoints(
                new DrivenJoints(model, names, params.system(), log), new DoubleCommand(topic, initial, what, log));
    }
}
