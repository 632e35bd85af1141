package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.app.ControlHold;
import io.orrery.app.Stepping;
import io.orrery.app.Worlds;
import io.orrery.ops.AllowedOrigins;
import io.orrery.ops.ApiToken;
import io.orrery.ops.BeforeGracefulShutdown;
import io.orrery.ops.OrreryProperties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;

/**
 * The control WebSocket at {@code /api/control}, its limits (frame size {@code orrery.api.max-control-message},
 * connections {@code orrery.api.max-control-connections}), the pool its answers are sent from and the watch that
 * pings its clients ({@code orrery.control.idle-timeout}). The token, when set, is checked on the handshake by the
 * {@link ControlHandshakeInterceptor} (the header, or {@code access_token} for browsers), after the page it comes
 * from: browsers may connect from the server's own origin and those in {@code orrery.api.allowed-origins} only;
 * other clients send no Origin and are let in.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class ControlSocketConfiguration implements WebSocketConfigurer, DisposableBean {

    /** Where the control WebSocket is served. */
    static final String PATH = "/api/control";

    private final ControlSocketHandler handler;
    private final ControlHandshakeInterceptor handshake;
    private final ScheduledExecutorService pinger = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "orrery-control-ping");
        t.setDaemon(true);
        return t;
    });

    ControlSocketConfiguration(
            ControlHold hold,
            Stepping stepping,
            Worlds worlds,
            ObjectMapper mapper,
            LockstepJson lockstep,
            ApiProperties properties,
            OrreryProperties orrery) {
        this.handler = new ControlSocketHandler(
                hold,
                stepping,
                worlds,
                mapper,
                lockstep,
                sendPool(),
                properties.maxControlBacklog(),
                (int) properties.maxControlMessage().toBytes(),
                properties.maxControlConnections());
        this.handshake = new ControlHandshakeInterceptor(
                new AllowedOrigins(properties.allowedOrigins()), ApiToken.of(properties.token()), mapper);
        new ControlIdleWatch(handler::connections, orrery.control().idleTimeout()).start(pinger);
    }

    @Override
    public void destroy() {
        pinger.shutdownNow();
    }

    @Override
    public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
        // The origin is checked by ours, with the listed origins and a problem detail; Spring's own check (same origin
        // only, compared as written) would refuse a listed origin, so it lets through what ours has let through.
        registry.addHandler(handler, PATH).addInterceptors(handshake).setAllowedOriginPatterns("*");
    }

    /**
     * Closes the control connections (1001, going away) when the application stops, before the web server's
     * graceful shutdown: a controller is told the server is going away rather than seeing its connection drop.
     */
    @Bean
    SmartLifecycle controlConnectionsOnShutdown() {
        return new BeforeGracefulShutdown(() -> handler.connections().forEach(c -> c.close(CloseStatus.GOING_AWAY)));
    }

    /** Senders of answers: one at a time per connection, each may wait on its socket; never the runner. */
    private static ExecutorService sendPool() {
        AtomicInteger n = new AtomicInteger();
        return Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "orrery-control-send-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }
}
