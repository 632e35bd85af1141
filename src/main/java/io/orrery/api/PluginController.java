package io.orrery.api;

import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.plugin.HostedPlugins;
import io.orrery.plugin.PluginCommand;
import io.orrery.plugin.PluginOwner;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.StartProgress;
import io.orrery.runner.port.RunReads;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The current world's plugins, their start progress, and the commands they expose. */
@RestController
@RequestMapping("/api/plugins")
class PluginController {

    private final RunReads reads;

    PluginController(Worlds worlds) {
        this.reads = worlds.get(WorldId.DEFAULT).reads();
    }

    @GetMapping
    List<PluginJson> list() {
        return reads.pluginStatuses().stream().map(PluginJson::of).toList();
    }

    @GetMapping("/progress")
    StartProgress progress() {
        return reads.pluginProgress();
    }

    @GetMapping("/{name}")
    PluginJson get(@PathVariable String name) {
        return PluginJson.of(find(name));
    }

    /**
     * Runs a plugin's command on this request's thread with the body's string arguments (an optional JSON
     * object). Plugin commands use the world only through runner commands of their own.
     */
    @PostMapping("/{name}/commands/{command}")
    ResponseEntity<Object> command(
            @PathVariable String name,
            @PathVariable String command,
            @RequestBody(required = false) Map<String, String> arguments)
            throws Exception {
        find(name);
        String qualified = name + "." + command;
        PluginCommand c = reads.pluginHost()
                .flatMap(h -> h.command(qualified))
                .orElseThrow(() -> new NotFoundException(
                        "plugin '" + name + "' has no command '" + command + "'; it has: " + commandsOf(name)));
        Object result;
        try {
            result = c.run(arguments == null ? Map.of() : Map.copyOf(arguments));
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Exception e) {
            throw new PluginCommandException(qualified, e);
        }
        return result == null ? ResponseEntity.noContent().build() : ResponseEntity.ok(result);
    }

    private PluginStatus find(String name) {
        return reads.pluginStatuses().stream()
                .filter(p -> p.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new NotFoundException("no plugin named '" + name + "' in the current world"));
    }

    private String commandsOf(String plugin) {
        List<String> names = reads.pluginHost().map(HostedPlugins::commandNames).orElse(Set.of()).stream()
                .filter(n -> n.startsWith(plugin + "."))
                .map(n -> n.substring(plugin.length() + 1))
                .sorted()
                .toList();
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /** A plugin command that threw. */
    static final class PluginCommandException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        PluginCommandException(String command, Exception cause) {
            super(
                    "plugin command '" + command + "' failed: "
                            + (cause.getMessage() == null ? cause.toString() : cause.getMessage()),
                    cause);
        }
    }

    /**
     * A plugin's status.
     *
     * @param owner {@code world}, or {@code model:<name>} for a model's plugin
     * @param state PENDING, STARTING, STARTED, FAILED, ENDED or UNSUPPORTED (named by the world, not simulated)
     */
    record PluginJson(
            String name,
            String filename,
            String owner,
            String state,
            String error,
            Instant startedAt,
            boolean required) {
        static PluginJson of(PluginStatus s) {
            String owner = s.owner() instanceof PluginOwner.Model m ? "model:" + m.name() : "world";
            return new PluginJson(
                    s.name(),
                    s.filename(),
                    owner,
                    s.state().name(),
                    s.error().orElse(null),
                    s.startedAt().orElse(null),
                    s.required());
        }
    }
}
