package io.orrery.web;

import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;

/** A test plugin whose start always throws, so the dashboard has a failure to show. */
@OrreryPlugin(filename = "orrery-test-failing-start")
class FailingStartPlugin implements Plugin {

    static final String REASON = "the test plugin refuses to start";

    @Override
    public void awake(PluginContext context) {}

    @Override
    public void start(PluginContext context) {
        throw new IllegalStateException(REASON);
    }
}
