package io.orrery.plugin.internal;

import io.orrery.plugin.PluginStatus;
import java.time.Clock;
import java.util.Objects;
import java.util.Set;

/**
 * How the {@link PluginHost} runs plugins.
 *
 * @param startThreads how many plugins start at once; 0 means min(8, number of plugins)
 * @param required names of plugins the world may not run without, besides those marked {@code required="true"};
 *     a name matches the qualified name or the plain instance name
 * @param clock stamps {@link PluginStatus#startedAt()}
 */
public record PluginHostOptions(int startThreads, Set<String> required, Clock clock) {

    /** The most start threads the automatic sizing uses. */
    public static final int DEFAULT_MAX_START_THREADS = 8;

    public PluginHostOptions {
        if (startThreads < 0) {
            throw new IllegalArgumentException(
                    "plugin start threads must be at least 0 (0 = min(8, number of plugins)), got " + startThreads);
        }
        required = Set.copyOf(required);
        Objects.requireNonNull(clock, "clock");
    }

    /** Automatic start threads, no extra required plugins, the UTC system clock. */
    public static PluginHostOptions defaults() {
        return new PluginHostOptions(0, Set.of(), Clock.systemUTC());
    }

    /** The start pool size for {@code plugins} plugins. */
    int poolSize(int plugins) {
        return startThreads > 0 ? startThreads : Math.max(1, Math.min(DEFAULT_MAX_START_THREADS, plugins));
    }
}
