package io.orrery.plugin.internal;

import io.orrery.log.LogSafe;
import io.orrery.plugin.PluginCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The commands of started plugins, registered as {@code <qualified plugin name>.<command>}; the first plugin to
 * claim a name keeps it. Registration and unregistration happen under the plugin's lock; lookups are safe from
 * any thread.
 */
final class PluginCommands {

    // The host's logger: its parts log under the name operators already filter on.
    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);

    private final Map<String, PluginCommand> commands = new ConcurrentHashMap<>();

    /** Registers the plugin's commands and remembers their names on it; a plugin that cannot list them has none. */
    void register(HostedPlugin p) {
        List<String> names = new ArrayList<>();
        Map<String, PluginCommand> exposed;
        try {
            exposed = p.plugin.commands();
        } catch (RuntimeException e) {
            log.warn("plugin '{}' failed to list its commands; it exposes none", LogSafe.of(p.name), e);
            exposed = Map.of();
        }
        exposed.forEach((command, handler) -> {
            String qualified = p.name + "." + command;
            if (commands.putIfAbsent(qualified, handler) == null) {
                names.add(qualified);
            } else {
                log.warn(
                        "plugin command '{}' is already registered; plugin '{}' keeps the first",
                        LogSafe.of(qualified),
                        LogSafe.of(p.name));
            }
        });
        p.commandNames = List.copyOf(names);
    }

    /** Removes the commands the plugin registered. */
    void unregister(HostedPlugin p) {
        p.commandNames.forEach(commands::remove);
    }

    Optional<PluginCommand> get(String qualifiedName) {
        return Optional.ofNullable(commands.get(qualifiedName));
    }

    /** The registered names, sorted. */
    Set<String> names() {
        return Set.copyOf(new TreeSet<>(commands.keySet()));
    }
}
