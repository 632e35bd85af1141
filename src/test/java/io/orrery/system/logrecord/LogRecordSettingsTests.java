package io.orrery.system.logrecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.builtin.Extensions;
import io.orrery.plugin.PluginRegistry;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * LogRecord's parameters as gz-sim's LogRecord reads them ({@code src/systems/log/LogRecord.cc}): a
 * {@code <record_topic>} holding one of {@code * ? [ ] ( ) .} is a regular expression, any other an exact name; and
 * of the two systems in {@code gz-sim-log-system}, LogRecord is found by its class while LogPlayback is not simulated.
 */
class LogRecordSettingsTests {

    static PluginSpec plugin(String name, SdfElement... parameters) {
        return new PluginSpec(name, "gz-sim-log-system", List.of(parameters), OptionalInt.empty(), false, 3);
    }

    static SdfElement element(String name, String text) {
        return new SdfElement(name, Map.of(), text, List.of());
    }

    @Test
    void aTopicWithARegexCharacterIsAnExpressionAndAnyOtherAnExactName() {
        LogRecordSettings s = LogRecordSettings.of(plugin(
                "gz::sim::systems::LogRecord",
                element("record_topic", "/clock"),
                element("record_topic", "/world/.*/pose/info"),
                element("record_path", "/tmp/log"),
                element("compress", "true")));
        Predicate<String> selected = s.selection();
        assertThat(selected).accepts("/clock", "/world/shapes/pose/info").rejects("/clock2", "/world/shapes/stats");
        assertThat(s.path()).hasValue("/tmp/log");
        assertThat(s.compress()).isTrue();
        assertThat(s.recordResources()).isFalse();
        // none listed: every topic
        assertThat(LogRecordSettings.of(plugin("gz::sim::systems::LogRecord")).selection())
                .accepts("/anything");
    }

    @Test
    void aMalformedExpressionFailsThePluginNamingIt() {
        assertThatThrownBy(() -> LogRecordSettings.of(
                        plugin("gz::sim::systems::LogRecord", element("record_topic", "/world/(.*"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LogRecord")
                .hasMessageContaining("'/world/(.*' is not a regular expression");
    }

    @Test
    void logRecordIsFoundByItsClassAndLogPlaybackIsNotSimulated() {
        PluginRegistry registry = Extensions.discovered().plugins();
        assertThat(registry.provides("gz-sim-log-system", "gz::sim::systems::LogRecord"))
                .isTrue();
        assertThat(registry.provides("gz-sim-log-system", "ignition::gazebo::systems::LogRecord"))
                .isTrue();
        assertThat(registry.provides("gz-sim-log-system", "gz::sim::systems::LogPlayback"))
                .isFalse();
        assertThat(LogRecordSettings.isLogRecord(plugin("gz::sim::systems::LogPlayback")))
                .isFalse();
    }
}
