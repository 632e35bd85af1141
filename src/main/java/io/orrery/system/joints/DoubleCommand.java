package io.orrery.system.joints;

import com.gz.msgs.DoubleProtos;
import io.orrery.log.LogSafe;
import io.orrery.plugin.PluginContext;
import org.slf4j.Logger;

/**
 * A joint system's command: the latest {@code gz.msgs.Double} received on its topic, its initial value until
 * then and again after a reset. A value that is not a finite number is ignored with a warning (the physics would
 * refuse it). Runner thread only: subscribers are called on it.
 */
final class DoubleCommand {

    private final String topic;
    private final double initial;
    private final String what;
    private final Logger log;
    private double value;

    /** A command on {@code topic}, {@code initial} until the first message; {@code what} names it in warnings. */
    DoubleCommand(String topic, double initial, String what, Logger log) {
        this.topic = topic;
        this.initial = initial;
        this.what = what;
        this.log = log;
        this.value = initial;
    }

    /** Subscribes under the plugin's name (the host withdraws it when the plugin ends). */
    void subscribe(PluginContext context) {
        context.topics().subscribe(topic, DoubleProtos.Double.class, context.qualifiedName(), this::receive);
        log.info("{} commands on {}", what, LogSafe.of(topic));
    }

    /** The value now. */
    double value() {
        return value;
    }

    /** Back to the initial value, as at load. */
    void reset() {
        value = initial;
    }

    private void receive(DoubleProtos.Double message) {
        if (Double.isFinite(message.getData())) {
            value = message.getData();
        } else {
            log.warn(
                    "ignored a {} command on {} that is not a finite number: {}",
                    what,
                    LogSafe.of(topic),
                    message.getData());
        }
    }
}
