package io.orrery.transport.gz;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.orrery.app.Topics;
import io.orrery.app.WorldId;
import io.orrery.app.WorldServiceCalls;
import io.orrery.app.Worlds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the gz-transport node when {@code orrery.transport.enabled} is true (the default). Control (world-changing
 * services and inbound topics) is offered unless {@code orrery.api.token} is set and
 * {@code orrery.transport.allow-control} is not: gz-transport has no authentication, so a token would mean nothing.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "orrery.transport.enabled", havingValue = "true", matchIfMissing = true)
class GzTransportConfiguration {

    private static final Logger log = LoggerFactory.getLogger(GzTransportConfiguration.class);

    @Bean
    GzTransportLifecycle gzTransport(
            GzTransportProperties properties,
            WorldServiceCalls calls,
            Topics topics,
            Worlds worlds,
            @Value("${orrery.api.token:}") String token) {
        boolean tokenSet = !token.isBlank();
        boolean allowed = !tokenSet || properties.allowControl();
        if (!allowed) {
            log.info("gz-transport: orrery.api.token is set, so the services that change the world and inbound"
                    + " topics are not offered (gz-transport has no authentication); orrery.transport.allow-control"
                    + "=true offers them");
        }
        return new GzTransportLifecycle(() -> {
            MessageCatalog catalog = new MessageCatalog(properties.typePrefix());
            try {
                return new GzNode(
                        GzEnvironment.fromSystem(properties.ip()),
                        properties,
                        catalog,
                        topics,
                        new WorldServices(worlds.get(WorldId.DEFAULT).reads(), calls, allowed),
                        allowed);
            } catch (IOException e) {
                throw new UncheckedIOException("gz-transport: cannot open the discovery sockets: " + e.getMessage(), e);
            }
        });
    }

    /**
     * Starts the node with the application, after the runner; stops it (unadvertise, bye) before the runner. Its drop
     * counts are {@code orrery_transport_dropped_total}, tagged {@code what}: {@code replies} (answers to service
     * calls past {@code orrery.transport.reply-queue} or not taken in time), {@code outgoing} (messages past
     * {@code orrery.transport.send-queue}) and {@code incoming} (malformed or refused messages and requests).
     */
    static final class GzTransportLifecycle implements SmartLifecycle, MeterBinder {

        private final java.util.function.Supplier<GzNode> factory;
        private volatile GzNode node;

        GzTransportLifecycle(java.util.function.Supplier<GzNode> factory) {
            this.factory = factory;
        }

        @Override
        public void start() {
            GzNode n = factory.get();
            n.start();
            node = n;
        }

        @Override
        public void stop() {
            GzNode n = node;
            node = null;
            if (n != null) {
                n.close();
            }
        }

        @Override
        public boolean isRunning() {
            return node != null;
        }

        /** After the runner's (the default phase, the last) when starting, so before it when stopping. */
        @Override
        public int getPhase() {
            return SmartLifecycle.DEFAULT_PHASE;
        }

        @Override
        public void bindTo(MeterRegistry registry) {
            for (String what : List.of("replies", "outgoing", "incoming")) {
                FunctionCounter.builder("orrery.transport.dropped", this, l -> l.dropped(what))
                        .tag("what", what)
                        .description("gz-transport messages and answers dropped since the node started")
                        .register(registry);
            }
        }

        private double dropped(String what) {
            GzNode n = node;
            return n == null ? 0 : n.dropped(what);
        }

        /** The node while it runs. */
        GzNode node() {
            return node;
        }
    }
}
