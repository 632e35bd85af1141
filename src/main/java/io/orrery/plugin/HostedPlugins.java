package io.orrery.plugin;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The loaded world's plugins as seen from outside their host: their statuses, the start progress and the commands
 * they registered. The port surfaces use, so that none reaches the host itself ({@code plugin.internal}). Safe from
 * any thread.
 */
public interface HostedPlugins {

    /** Every plugin's status, in load order. */
    List<PluginStatus> statuses();

    /** Plugins started out of plugins tracked. */
    StartProgress progress();

    /** The command registered as {@code <qualified plugin name>.<command>}, while its plugin is started. */
    Optional<PluginCommand> command(String qualifiedName);

    /** The registered command names, sorted. */
    Set<String> commandNames();
}
