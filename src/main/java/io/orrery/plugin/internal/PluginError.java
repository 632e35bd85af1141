package io.orrery.plugin.internal;

/**
 * A plugin callback that threw, reported rather than propagated so the other plugins still run.
 *
 * @param plugin the qualified plugin name
 * @param phase the callback, such as {@code reset} or {@code end}
 * @param cause what it threw
 */
public record PluginError(String plugin, String phase, Throwable cause) {

    /** For logs: {@code plugin 'x' failed in reset: message}. */
    public String message() {
        return "plugin '" + plugin + "' failed in " + phase + ": " + PluginCallbacks.describe(cause);
    }
}
