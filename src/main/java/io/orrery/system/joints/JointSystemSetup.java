package io.orrery.system.joints;

import io.orrery.plugin.PluginContext;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import java.util.List;
import org.slf4j.Logger;

/**
 * What every joint system reads first in its awake: its parameters, the model it is attached to (Gazebo's joint
 * systems work only inside a {@code <model>}) and the joints named by {@code <joint_name>}.
 *
 * @param params the plugin's parameters, for what the system reads next
 * @param model the owning top-level model's name
 * @param jointNames the {@code <joint_name>}s in order, possibly none, as written (within the declaring model)
 * @param log the plugin's logger
 * @param scope the declaring nested model's path in {@code model} and {@code ::}, empty for the model's own plugin
 */
public record JointSystemSetup(
        GazeboParameters params, String model, List<String> jointNames, Logger log, String scope) {

    /** Reads them for {@code system}; throws when the plugin sits at world level or a joint name is empty. */
    public static JointSystemSetup read(PluginContext context, String system) {
        GazeboParameters params = GazeboParameters.ofJointSystem(context.spec(), system);
        String model = params.model(context.owner());
        return new JointSystemSetup(params, model, params.names("joint_name"), context.logger(), context.scope());
    }

    /** The name of the model that declared the plugin, as Gazebo's topics use it: a nested model's own name. */
    public String declaringModel() {
        return GazeboTopics.declaringModel(model, scope);
    }

    /** {@code joint} of the declaring model as the physics state names it: scoped within the top-level model. */
    public String scoped(String joint) {
        return scope + joint;
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
                new DrivenJoints(model, names.stream().map(this::scoped).toList(), params.system(), log),
                new DoubleCommand(topic, initial, what, log));
    }
}
