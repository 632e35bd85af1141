package io.orrery.api;

import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginCommand;
import io.orrery.plugin.PluginContext;
import java.util.Map;
import java.util.TreeMap;

/** A test plugin with commands: {@code echo} returns its arguments, {@code fail} throws. */
@OrreryPlugin(filename = "orrery-test-echo")
class EchoPlugin implements Plugin {

    @Override
    public void awake(PluginContext context) {}

    @Override
    public void start(PluginContext context) {}

    @Override
    public Map<String, PluginCommand> commands() {
        return Map.of(
                "echo", args -> Map.of("arguments", new TreeMap<>(args)),
                "fail",
                        args -> {
                            throw new java.io.IOException("the echo plugin was asked to fail");
                        });
    }
}
