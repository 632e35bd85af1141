package io.orrery.plugin.internal;

import io.orrery.event.EventSink;
import io.orrery.log.LogSafe;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginApi;
import io.orrery.plugin.PluginFactory;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads plugins on the runner thread: looks their filename up in the {@link PluginRegistry}, refuses the ones that
 * cannot run (unknown but required, a live namesake, a failing factory, a newer plugin API) and wakes the rest.
 * Every plugin it creates or refuses is appended to the host's list, so that list stays in load order.
 */
final class PluginLoader {

    // The host's logger: its parts log under the name operators already filter on.
    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);

    private final PluginRegistry registry;
    private final WorldAccess world;
    private final EventSink events;
    private final PluginHostOptions options;
    private final List<HostedPlugin> plugins;
    private final PluginEnder ender;
    private final List<OwnedPluginSpec> ignored = new CopyOnWriteArrayList<>();

    PluginLoader(
            PluginRegistry registry,
            WorldAccess world,
            EventSink events,
            PluginHostOptions options,
            List<HostedPlugin> plugins,
            PluginEnder ender) {
        this.registry = registry;
        this.world = world;
        this.events = events;
        this.options = options;
        this.plugins = plugins;
        this.ender = ender;
    }

    /** Plugin elements whose filename is not an Orrery plugin, in load order; safe from any thread. */
    List<OwnedPluginSpec> ignored() {
        return List.copyOf(ignored);
    }

    /** Loads {@code specs} one after the other, in order; the result leaves out the ignored ones. */
    List<HostedPlugin> loadAll(Stream<OwnedPluginSpec> specs) {
        List<HostedPlugin> loaded = new ArrayList<>();
        specs.forEachOrdered(spec -> load(spec).ifPresent(loaded::add));
        return loaded;
    }

    /** Creates and wakes one plugin on this thread; empty when its filename is not an Orrery plugin. */
    private Optional<HostedPlugin> load(OwnedPluginSpec owned) {
        String name = owned.qualifiedName();
        String filename = owned.spec().filename();
        boolean required = owned.spec().required()
                || options.required().contains(name)
                || options.required().contains(owned.spec().name());
        PluginStatus status = new PluginStatus(
                name, filename, owned.owner(), PluginState.PENDING, Optional.empty(), Optional.empty(), required);
        Optional<PluginFactory> factory = registry.lookup(filename, owned.spec().name());
        if (factory.isEmpty()) {
            if (registry.isAcceptedSilently(filename, owned.spec().name())) {
                log.debug(
                        "plugin '{}' ({}): Orrery does this system's work itself",
                        LogSafe.of(name),
                        LogSafe.of(filename));
                return Optional.empty();
            }
            if (!required) {
                ignored.add(owned);
                log.warn(
                        "plugin '{}' (filename '{}', {}) is not simulated by Orrery: listed as UNSUPPORTED, not run",
                        LogSafe.of(name),
                        LogSafe.of(filename),
                        LogSafe.of(owned.owner()));
                return Optional.empty();
            }
            return Optional.of(refuse(owned, status, "filename '" + filename + "' is not an Orrery plugin"));
        }
        if (plugins.stream().anyMatch(p -> p.name.equals(name) && p.isLive())) {
            return Optional.of(refuse(owned, status, "another live plugin is already named '" + name + "'"));
        }
        Plugin plugin;
        try {
            plugin = Objects.requireNonNull(factory.get().create(owned.spec()), "the factory returned null");
        } catch (Throwable e) {
            PluginCallbacks.rethrowIfFatal(e);
            return Optional.of(refuse(owned, status, "could not be created: " + PluginCallbacks.describe(e)));
        }
        int needed = plugin.requiredApiVersion();
        if (needed > PluginApi.VERSION) {
            return Optional.of(refuse(
                    owned,
                    status,
                    "plugin '" + name + "' (type " + filename + ") needs plugin API " + needed
                            + ", this Orrery provides " + PluginApi.VERSION));
        }
        HostedPlugin hosted = new HostedPlugin(owned, plugin, new HostedContext(owned, world, events), status);
        plugins.add(hosted);
        try {
            plugin.awake(hosted.context);
        } catch (Throwable e) {
            PluginCallbacks.rethrowIfFatal(e);
            ender.unload(hosted, "awake failed: " + PluginCallbacks.describe(e));
        }
        return Optional.of(hosted);
    }

    /** A plugin that never got an object or was refused before awake: FAILED, nothing to end. */
    private HostedPlugin refuse(OwnedPluginSpec owned, PluginStatus status, String reason) {
        HostedPlugin hosted = new HostedPlugin(owned, null, null, status.failed(reason));
        plugins.add(hosted);
        PluginCallbacks.logFailure(hosted.status);
        hosted.settled.complete(hosted.status);
        return hosted;
    }
}
