package io.orrery.plugin;

import java.util.Map;

/** A command a plugin exposes (to the HTTP API); runs on the caller's thread, so it must not touch the world. */
@FunctionalInterface
public interface PluginCommand {

    /** Runs the command with its string arguments and returns a result the API can render (a record, a map). */
    Object run(Map<String, String> arguments) throws Exception;
}
