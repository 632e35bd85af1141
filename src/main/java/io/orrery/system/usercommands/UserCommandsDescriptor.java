package io.orrery.system.usercommands;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares Gazebo's UserCommands system ({@code gz-sim-user-commands-system}): spawning, removing and moving models
 * are the runner's commands, run between steps, so a world's element naming it loads as nothing.
 */
@AutoService(SystemDescriptor.class)
public final class UserCommandsDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return "user-commands";
    }

    @Override
    public Kind kind() {
        return Kind.CORE;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of("user-commands");
    }
}
