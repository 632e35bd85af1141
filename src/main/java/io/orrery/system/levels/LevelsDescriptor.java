package io.orrery.system.levels;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares gz-sim's own configuration in a world, {@code <plugin name="gz::sim" filename="dummy">} (or
 * {@code ignition::gazebo}): gz sim's level manager reads its {@code <performer>}s and {@code <level>}s, and no
 * system is loaded for it. The world reader does the same: performers reach the systems that watch them (Gazebo's
 * PerformerDetector), levels are listed as not simulated because every model is loaded from the start, as gz sim
 * does unless started with {@code --levels}.
 */
@AutoService(SystemDescriptor.class)
public final class LevelsDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return "levels";
    }

    @Override
    public Kind kind() {
        return Kind.CORE;
    }

    @Override
    public List<String> pluginNames() {
        return List.of("gz::sim", "ignition::gazebo");
    }
}
