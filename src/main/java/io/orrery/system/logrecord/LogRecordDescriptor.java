package io.orrery.system.logrecord;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares Gazebo's LogRecord system ({@code gz-sim-log-system}, {@code gz::sim::systems::LogRecord}): the world's
 * {@code <plugin>} asks Orrery's recorder for an MCAP recording of the run (not Gazebo's {@code .tlog}): the plugin
 * checks its parameters, the recorder reads them when the world has loaded (docs/recording.md).
 */
@AutoService(SystemDescriptor.class)
public final class LogRecordDescriptor extends GazeboPort {

    public LogRecordDescriptor() {
        super("log-record", LogRecordSettings.CLASS_NAME, spec -> new LogRecord());
    }
}
