package io.orrery.system.logrecord;

import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;

/**
 * Gazebo's LogRecord in a world: its parameters checked as the world loads (a malformed one fails the plugin, naming
 * it); the recording itself is Orrery's recorder's, which reads the world's element when the world has loaded.
 */
final class LogRecord implements Plugin {

    @Override
    public void awake(PluginContext ctx) {
        LogRecordSettings settings = LogRecordSettings.of(ctx.spec());
        ctx.logger()
                .info(
                        "LogRecord: the run is recorded as MCAP by Orrery's recorder, not as Gazebo's .tlog"
                                + " (topics: {}; docs/recording.md)",
                        settings.topics().isEmpty() ? "all" : settings.topics());
    }

    @Override
    public void start(PluginContext ctx) {
        // nothing runs here: the recorder does the work
    }
}
