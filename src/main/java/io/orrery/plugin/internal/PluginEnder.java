package io.orrery.plugin.internal;

import io.orrery.log.LogSafe;
import io.orrery.plugin.PluginState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends plugins: the live ones the runner lets go (their commands and systems leave first), and the ones that
 * failed in awake or start. A plugin that is still starting is only marked; its start thread ends it once its
 * start returns, because {@code end} must not overlap {@code start}.
 */
final class PluginEnder {

    // The host's logger: its parts log under the name operators already filter on.
    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);

    private final PluginStartTracker tracker;
    private final PluginCommands commands;
    private final List<PluginLifecycleListener> lifecycleListeners;

    PluginEnder(PluginStartTracker tracker, PluginCommands commands, List<PluginLifecycleListener> lifecycleListeners) {
        this.tracker = tracker;
        this.commands = commands;
        this.lifecycleListeners = lifecycleListeners;
    }

    /** Ends the live ones of {@code loadOrder}, last loaded first, and returns what their {@code end} threw. */
    List<PluginError> endLastFirst(List<HostedPlugin> loadOrder) {
        List<HostedPlugin> reversed = new ArrayList<>(loadOrder);
        Collections.reverse(reversed);
        List<PluginError> errors = new ArrayList<>();
        reversed.stream().filter(HostedPlugin::isLive).forEach(p -> end(p).ifPresent(errors::add));
        return errors;
    }

    /** Ends a live plugin now, or asks its start thread to end it once start returns. */
    Optional<PluginError> end(HostedPlugin p) {
        boolean endNow;
        boolean wasStarted;
        synchronized (p) {
            if (!p.isLive() || p.endRequested) {
                return Optional.empty();
            }
            p.endRequested = true;
            wasStarted = p.state() == PluginState.STARTED;
            endNow = p.state() != PluginState.STARTING;
            if (wasStarted) {
                commands.unregister(p);
                lifecycleListeners.forEach(l -> l.pluginEnding(p.status, p.plugin));
            }
        }
        return endNow ? finishEnd(p, true) : Optional.empty();
    }

    /** Calls {@code end}, withdraws its topics and marks the plugin ENDED. */
    Optional<PluginError> finishEnd(HostedPlugin p, boolean completeSettled) {
        Optional<PluginError> error = PluginCallbacks.call(p, "end", p.plugin::end);
        p.context.topics().release(p.name);
        synchronized (p) {
            p.status = p.status.with(PluginState.ENDED);
            tracker.removed(p.name);
        }
        log.info("plugin '{}' ended", LogSafe.of(p.name));
        if (completeSettled) {
            p.settled.complete(p.status);
        }
        return error;
    }

    /** A plugin that failed in awake or start: end it (errors logged), mark it FAILED, stop counting it. */
    void unload(HostedPlugin p, String reason) {
        PluginCallbacks.call(p, "end", p.plugin::end);
        p.context.topics().release(p.name);
        synchronized (p) {
            p.status = p.endRequested ? p.status.with(PluginState.ENDED) : p.status.failed(reason);
            tracker.failed(p.name);
        }
        PluginCallbacks.logFailure(p.status);
        p.settled.complete(p.status);
    }
}
