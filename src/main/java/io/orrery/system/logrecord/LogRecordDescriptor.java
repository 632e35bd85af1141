package io.orrery.system.logrecord;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares Gazebo's LogRecord system ({@code gz-sim-log-system}, {@code gz::sim::systems::LogRecord}): the world's
 * {@code <plugin>} asks Orrery's recorder for an MCAP recording of the run (not Gazebo's {@code .tlog}): the plugin
 * checks its parameters, the recorder reads them when the world has loaded (docs/recording.md).
 */
@AutoService(SystemDescriptor.class)
public final class LogRecordDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return "log-record";
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    /**
     * Not {@code log}: Gazebo's {@code gz-sim-log-system} also holds LogPlayback, which Orrery does not simulate (a
     * world naming it is listed as such), so a world's LogRecord is found by its class.
     */
    @Override
    public List<String> gazeboNames() {
        return List.of("log-record");
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(LogRecordSettings.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new LogRecord();
    }
}
