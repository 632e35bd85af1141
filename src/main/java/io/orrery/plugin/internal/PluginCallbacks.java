package io.orrery.plugin.internal;

import io.orrery.log.LogSafe;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How the host calls into plugins and reports what went wrong, so one bad plugin never stops the others. */
final class PluginCallbacks {

    // The host's logger: its parts log under the name operators already filter on.
    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);

    private PluginCallbacks() {}

    /** Runs a plugin callback, logging and returning what it threw. */
    static Optional<PluginError> call(HostedPlugin p, String phase, Runnable callback) {
        try {
            callback.run();
            return Optional.empty();
        } catch (Throwable e) {
            rethrowIfFatal(e);
            PluginError error = new PluginError(p.name, phase, e);
            log.warn("{}", LogSafe.of(error.message()), e);
            return Optional.of(error);
        }
    }

    /** Logs a plugin that failed: an error if the world needs it, a warning otherwise. */
    static void logFailure(PluginStatus s) {
        if (s.state() != PluginState.FAILED) {
            return;
        }
        if (s.required()) {
            log.error(
                    "required plugin '{}' ({}, {}) failed: {}",
                    LogSafe.of(s.name()),
                    LogSafe.of(s.filename()),
                    LogSafe.of(s.owner()),
                    LogSafe.of(s.error().orElse("?")));
        } else {
            log.warn(
                    "plugin '{}' ({}, {}) failed and was unloaded: {}",
                    LogSafe.of(s.name()),
                    LogSafe.of(s.filename()),
                    LogSafe.of(s.owner()),
                    LogSafe.of(s.error().orElse("?")));
        }
    }

    /** A throwable as a short reason: its message, or its class when it has none. */
    static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    /** Plugin failures are caught; the JVM's own (out of memory, stack overflow) are not ours to swallow. */
    static void rethrowIfFatal(Throwable e) {
        if (e instanceof VirtualMachineError fatal) {
            throw fatal;
        }
    }
}
