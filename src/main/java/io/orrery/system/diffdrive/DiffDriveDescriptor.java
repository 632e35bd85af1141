package io.orrery.system.diffdrive;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link DiffDrive}: {@code gz-sim-diff-drive-system}, {@code gz::sim::systems::DiffDrive}, one per {@code
 * <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class DiffDriveDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return DiffDrive.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(DiffDrive.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(DiffDrive.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new DiffDrive();
    }
}
