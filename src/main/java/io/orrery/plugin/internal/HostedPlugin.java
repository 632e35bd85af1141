package io.orrery.plugin.internal;

import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One plugin in the host: its element, object, context and status. State changes happen under this object's
 * lock; plugin callbacks run outside it. {@link #status} is readable without the lock.
 */
final class HostedPlugin {

    final OwnedPluginSpec owned;
    final String name;
    final Plugin plugin;
    final PluginContext context;
    final CompletableFuture<PluginStatus> settled = new CompletableFuture<>();
    volatile PluginStatus status;
    /** A reset arrived while the plugin was pending or starting: deliver it once start returns. */
    boolean resetPending;
    /** The plugin must end; if it is starting, the start thread ends it once start returns. */
    boolean endRequested;
    /** The qualified command names this plugin registered. */
    List<String> commandNames = List.of();

    HostedPlugin(OwnedPluginSpec owned, Plugin plugin, PluginContext context, PluginStatus status) {
        this.owned = owned;
        this.name = owned.qualifiedName();
        this.plugin = plugin;
        this.context = context;
        this.status = status;
    }

    PluginState state() {
        return status.state();
    }

    boolean isLive() {
        PluginState s = state();
        return s != PluginState.FAILED && s != PluginState.ENDED;
    }
}
