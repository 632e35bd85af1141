package io.orrery.runner.port;

import io.orrery.world.PluginSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How the runner hosts plugins.
 *
 * @param alwaysOn plugins loaded into every world, before the world's own
 * @param required plugin names (qualified or plain) whose failure to start means no-start
 * @param startTimeout how long the load waits for every plugin to start
 * @param startThreads threads starting plugins in parallel; 0 means min(8, number of plugins)
 * @param outputDirectory where plugins write the files a world asks them for (ColladaWorldExporter's meshes), each
 *     under the world's name; none: such plugins fail, naming the setting
 */
public record PluginSettings(
        List<PluginSpec> alwaysOn,
        Set<String> required,
        Duration startTimeout,
        int startThreads,
        Optional<Path> outputDirectory) {

    public PluginSettings {
        alwaysOn = List.copyOf(alwaysOn);
        required = Set.copyOf(required);
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        if (startTimeout.isNegative() || startTimeout.isZero()) {
            throw new IllegalArgumentException("the plugin start timeout must be positive, got " + startTimeout);
        }
    }

    /** No always-on plugins, none required beyond {@code required="true"}, 30 s to start, no output directory. */
    public static PluginSettings defaults() {
        return new PluginSettings(List.of(), Set.of(), Duration.ofSeconds(30), 0, Optional.empty());
    }

    /** These settings with plugins' files written under {@code directory}. */
    public PluginSettings withOutputDirectory(Path directory) {
        return new PluginSettings(alwaysOn, required, startTimeout, startThreads, Optional.of(directory));
    }
}
