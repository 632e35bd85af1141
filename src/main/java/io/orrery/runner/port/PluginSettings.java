package io.orrery.runner.port;

import io.orrery.world.PluginSpec;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * How the runner hosts plugins.
 *
 * @param alwaysOn plugins loaded into every world, before the world's own
 * @param required plugin names (qualified or plain) whose failure to start means no-start
 * @param startTimeout how long the load waits for every plugin to start
 * @param startThreads threads starting plugins in parallel; 0 means min(8, number of plugins)
 */
public record PluginSettings(List<PluginSpec> alwaysOn, Set<String> required, Duration startTimeout, int startThreads) {

    public PluginSettings {
        alwaysOn = List.copyOf(alwaysOn);
        required = Set.copyOf(required);
        if (startTimeout.isNegative() || startTimeout.isZero()) {
            throw new IllegalArgumentException("the plugin start timeout must be positive, got " + startTimeout);
        }
    }

    /** No always-on plugins, none required beyond {@code required="true"}, 30 s to start. */
    public static PluginSettings defaults() {
        return new PluginSettings(List.of(), Set.of(), Duration.ofSeconds(30), 0);
    }
}
