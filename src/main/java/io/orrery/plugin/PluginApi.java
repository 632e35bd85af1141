package io.orrery.plugin;

/** The version of the plugin API this Orrery provides; a plugin needing a newer one is refused. */
public final class PluginApi {

    /** The plugin API version of this Orrery. Raised when the SPI changes in a way old plugins cannot see. */
    public static final int VERSION = 1;

    private PluginApi() {}
}
