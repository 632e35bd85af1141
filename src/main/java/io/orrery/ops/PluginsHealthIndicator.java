package io.orrery.ops;

import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.StartProgress;
import io.orrery.runner.SimulationRunner;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

/**
 * The {@code plugins} health component: UP once every plugin has started, OUT_OF_SERVICE while they start (and
 * before the world has loaded), DOWN naming the required plugins that failed. Details give started/total; a
 * failed optional plugin is listed but does not make the component DOWN. Part of the readiness group.
 */
final class PluginsHealthIndicator implements HealthIndicator {

    private final SimulationRunner runner;

    PluginsHealthIndicator(SimulationRunner runner) {
        this.runner = runner;
    }

    @Override
    public Health health() {
        StartProgress progress = runner.reads().pluginProgress();
        List<PluginStatus> statuses = runner.reads().pluginStatuses();
        Map<String, String> failedRequired = new LinkedHashMap<>();
        Map<String, String> failedOptional = new LinkedHashMap<>();
        Map<String, String> unsupported = new LinkedHashMap<>();
        for (PluginStatus p : statuses) {
            if (p.state() == PluginState.FAILED) {
                (p.required() ? failedRequired : failedOptional)
                        .put(p.name(), p.error().orElse("failed"));
            } else if (p.state() == PluginState.UNSUPPORTED) {
                unsupported.put(p.name(), p.filename());
            }
        }
        Health.Builder health;
        if (!failedRequired.isEmpty()) {
            health = Health.down().withDetail("failedRequired", failedRequired);
        } else if (!progress.allStarted()) {
            health = Health.outOfService();
            if (runner.reads().pluginHost().isEmpty()) {
                health.withDetail("reason", "the world has not loaded yet");
            }
        } else {
            health = Health.up();
        }
        health.withDetail("started", progress.started() + "/" + progress.total());
        if (!failedOptional.isEmpty()) {
            health.withDetail("failedOptional", failedOptional);
        }
        if (!unsupported.isEmpty()) {
            // not simulated, by name: filename (GET /api/plugins has them as UNSUPPORTED with their owner)
            health.withDetail("unsupported", unsupported);
        }
        return health.build();
    }
}
