package io.orrery.system.joints;

import io.orrery.physics.WorldView;
import io.orrery.plugin.PluginContext;
import java.util.List;

/** The joints a joint system drives and the command it drives them with: subscribed, read and reset together. */
public final class CommandedJoints {

    private final DrivenJoints joints;
    private final DoubleCommand command;

    CommandedJoints(DrivenJoints joints, DoubleCommand command) {
        this.joints = joints;
        this.command = command;
    }

    /** Subscribes the command under the plugin's name. */
    public void subscribe(PluginContext context) {
        command.subscribe(context);
    }

    /** The joints found, in the order named; empty while none is (see {@link DrivenJoints#resolve}). */
    public List<String> resolve(WorldView world) {
        return joints.resolve(world);
    }

    /** The command's value now. */
    public double value() {
        return command.value();
    }

    /** As at load: the initial command, the joints looked up again. */
    public void reset() {
        command.reset();
        joints.forget();
    }
}
