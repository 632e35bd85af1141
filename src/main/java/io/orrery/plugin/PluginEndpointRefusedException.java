package io.orrery.plugin;

/**
 * A plugin from a request would connect to a host the operator did not list in {@value #PROPERTY}.
 */
public final class PluginEndpointRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The property that lists the hosts plugins from requests may connect to. */
    public static final String PROPERTY = "orrery.allowed-plugin-endpoints";

    private final String plugin;
    private final String endpoint;

    public PluginEndpointRefusedException(String plugin, String filename, String endpoint, String from) {
        super("plugin '" + plugin + "' (" + filename + ") of " + from + " would connect to '" + endpoint + "', whose"
                + " host is not listed in " + PROPERTY + ": plugins that open connections may come"
                + " from the world file the server was started with, or connect to hosts the operator lists there");
        this.plugin = plugin;
        this.endpoint = endpoint;
    }

    /** The plugin's qualified name. */
    public String plugin() {
        return plugin;
    }

    /** The address it would connect to, as written. */
    public String endpoint() {
        return endpoint;
    }

    /** The property that would allow it. */
    public String property() {
        return PROPERTY;
    }
}
