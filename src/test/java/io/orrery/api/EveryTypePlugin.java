package io.orrery.api;

import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.topic.msgs.MessageTypes;

/**
 * A test plugin that subscribes to {@code /fuzz/<Type>} for every gz.msgs type Orrery has a record for (such as
 * {@code /fuzz/Twist}), so that a message of each type can be posted over HTTP; it keeps nothing.
 */
@OrreryPlugin(filename = "orrery-test-every-type")
class EveryTypePlugin implements Plugin {

    /** The topic a message of gz.msgs type {@code name} is posted to. */
    static String topicOf(String name) {
        return "/fuzz/" + name.substring("gz.msgs.".length());
    }

    @Override
    public void awake(PluginContext context) {
    }

    @Override
    public void start(PluginContext context) {
        for (String name : MessageTypes.names()) {
            context.topics().subscribe(topicOf(name), MessageTypes.byName(name).orElseThrow(),
                    context.qualifiedName(), message -> { });
        }
    }
}
