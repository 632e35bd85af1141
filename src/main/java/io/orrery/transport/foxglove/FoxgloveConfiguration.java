package io.orrery.transport.foxglove;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.app.Topics;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldFiles;
import io.orrery.app.Worlds;
import io.orrery.ops.AllowedOrigins;
import io.orrery.ops.ApiToken;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;

/**
 * The Foxglove server at {@code /foxglove} on the service's port, unless {@code orrery.foxglove.enabled} is false:
 * its handshake check (origin, subprotocol, {@code orrery.api.token}), the tick that follows the bus, and the pool its
 * frames are sent from (one sender at a time per client; never the runner).
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
@ConditionalOnProperty(name = "orrery.foxglove.enabled", havingValue = "true", matchIfMissing = true)
class FoxgloveConfiguration implements WebSocketConfigurer, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(FoxgloveConfiguration.class);

    /** Where the Foxglove server is served. */
    static final String PATH = "/foxglove";

    private final FoxgloveServer server;
    private final FoxgloveSocketHandler handler;
    private final PlaybackSocketHandler playback;
    private final FoxgloveHandshake handshake;
    private final ExecutorService sendPool = sendPool();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "orrery-foxglove-sync");
        t.setDaemon(true);
        return t;
    });

    FoxgloveConfiguration(
            FoxgloveProperties properties,
            Worlds worlds,
            Topics topics,
            WorldControl control,
            WorldFiles files,
            ObjectMapper mapper,
            Environment environment) {
        // orrery.api.* as the API reads them (a list from YAML or a comma-separated string alike)
        Binder binder = Binder.get(environment);
        String token = binder.bind("orrery.api.token", String.class).orElse("");
        boolean protectReads =
                binder.bind("orrery.api.protect-reads", Boolean.class).orElse(false);
        List<String> allowedOrigins = binder.bind("orrery.api.allowed-origins", Bindable.listOf(String.class))
                .orElse(List.of());
        this.server = new FoxgloveServer(new AppWorld(worlds, topics, control, files), properties, mapper, sendPool);
        this.handler =
                new FoxgloveSocketHandler(server, (int) properties.maxMessage().toBytes());
        this.playback = new PlaybackSocketHandler(properties, mapper);
        this.handshake = new FoxgloveHandshake(
                new AllowedOrigins(
                        allowedOrigins.stream().filter(s -> !s.isBlank()).toList()),
                ApiToken.of(token),
                protectReads,
                mapper);
        long period = properties.syncPeriod().toMillis();
        ticker.scheduleWithFixedDelay(this::tick, 0, period, TimeUnit.MILLISECONDS);
    }

    private void tick() {
        try {
            server.tick();
        } catch (RuntimeException e) { // the next tick tries again; a dead ticker would freeze every channel
            log.warn("Foxglove: following the bus failed: {}", e.toString(), e);
        }
    }

    /** The server, for tests. */
    FoxgloveServer server() {
        return server;
    }

    @Override
    public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
        // the origin is checked by the handshake, with the listed origins and a problem detail
        registry.addHandler(handler, PATH).addInterceptors(handshake).setAllowedOriginPatterns("*");
        registry.addHandler(playback, PATH + "/playback")
                .addInterceptors(handshake)
                .setAllowedOriginPatterns("*");
    }

    @Override
    public void destroy() {
        ticker.shutdownNow();
        server.close();
        sendPool.shutdown();
    }

    private static ExecutorService sendPool() {
        AtomicInteger n = new AtomicInteger();
        return Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "orrery-foxglove-send-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }
}
