package io.orrery.plugin;

import io.orrery.world.PluginSpec;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where plugins from a request may connect. A plugin type that opens connections says where a {@code <plugin>}
 * element would make it connect ({@link PluginFactory#endpoints}); a world or model that came from a request (a
 * spawn, a world loaded or reloaded over the API, one saved and loaded again) may hold such plugins only when each
 * endpoint's host is one the operator listed in {@value #PROPERTY}, or the server would send requests to whatever
 * address a request named. The world file the operator configured is the operator's own, and is not checked.
 */
public final class PluginEndpoints {

    /** The property listing the hosts plugins from requests may connect to. */
    public static final String PROPERTY = PluginEndpointRefusedException.PROPERTY;

    private final PluginRegistry registry;
    private final List<Host> allowed;

    /** {@code allowed}: entries {@code host} (any port) or {@code host:port}, as {@link #checkEntry} accepts. */
    public PluginEndpoints(PluginRegistry registry, List<String> allowed) {
        this.registry = registry;
        this.allowed = allowed.stream().map(PluginEndpoints::host).toList();
    }

    /**
     * Refuses the first of {@code plugins} that would connect to a host not listed; {@code from} says where they came
     * from, for the message (for example "a spawned model").
     *
     * @throws PluginEndpointRefusedException naming the plugin, the endpoint and the property
     */
    public void check(List<OwnedPluginSpec> plugins, String from) {
        for (OwnedPluginSpec owned : plugins) {
            PluginSpec spec = owned.spec();
            Optional<PluginFactory> factory = registry.lookup(spec.filename(), spec.name());
            if (factory.isEmpty()) {
                continue; // not loaded at all, so it connects nowhere
            }
            for (String endpoint : factory.get().endpoints(spec)) {
                if (!isAllowed(endpoint)) {
                    throw new PluginEndpointRefusedException(owned.qualifiedName(), spec.filename(), endpoint, from);
                }
            }
        }
    }

    private boolean isAllowed(String endpoint) {
        URI uri;
        try {
            uri = new URI(endpoint);
        } catch (URISyntaxException e) {
            return false; // names no host this check can vouch for
        }
        if (uri.getHost() == null) {
            return false;
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        return allowed.stream().anyMatch(a -> a.name.equals(host) && (a.port < 0 || a.port == port));
    }

    /** Checks one entry of {@value #PROPERTY}; the message names the property and the entry. */
    public static void checkEntry(String entry) {
        host(entry);
    }

    private static Host host(String entry) {
        URI uri = null;
        if (entry != null && !entry.isBlank() && !entry.contains("/") && !entry.contains("@")) {
            try {
                uri = new URI("http://" + entry.strip());
            } catch (URISyntaxException e) {
                uri = null;
            }
        }
        if (uri == null
                || uri.getHost() == null
                || uri.getRawPath() == null
                || !uri.getRawPath().isEmpty()
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw new IllegalArgumentException(PROPERTY + " must list hosts, each a name or address with an optional"
                    + " port (bridge.example.com, 10.0.0.5:8080, [::1]:9000), got '" + entry + "'");
        }
        return new Host(uri.getHost().toLowerCase(Locale.ROOT), uri.getPort());
    }

    private record Host(String name, int port) {}
}
