package io.orrery.plugin;

import java.util.List;

/** The world's plugins did not start: a required plugin failed, or starting timed out. */
public class PluginStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<PluginStatus> failures;

    public PluginStartException(String message, List<PluginStatus> failures) {
        super(message);
        this.failures = List.copyOf(failures);
    }

    /** The required plugins that failed (empty for a plain timeout). */
    public List<PluginStatus> failures() {
        return failures;
    }
}
