package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.control.WorldBatch;
import io.orrery.ops.AllowedOrigins;
import io.orrery.ops.ApiToken;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;

/**
 * The vector WebSocket at {@code /api/vector}, served when there are batched worlds ({@code orrery.worlds.count}).
 * The handshake is checked as the control WebSocket's is: the token when one is set, browsers only from allowed
 * origins. A message larger than 16 MiB closes the connection with 1009.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
@ConditionalOnExpression("${orrery.worlds.count:0} > 0")
class VectorSocketConfiguration implements WebSocketConfigurer {

    /** Where the vector WebSocket is served. */
    static final String PATH = "/api/vector";
    /** The largest frame either way: 16 MiB holds 65,536 worlds of 60-float observations. */
    static final int MAX_MESSAGE = 16 * 1024 * 1024;

    private final VectorSocketHandler handler;
    private final ControlHandshakeInterceptor handshake;

    VectorSocketConfiguration(WorldBatch batch, ObjectMapper mapper, ApiProperties properties) {
        this.handler = new VectorSocketHandler(batch, mapper, MAX_MESSAGE);
        this.handshake = new ControlHandshakeInterceptor(
                new AllowedOrigins(properties.allowedOrigins()), ApiToken.of(properties.token()), mapper);
    }

    @Override
    public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
        registry.addHandler(handler, PATH).addInterceptors(handshake).setAllowedOriginPatterns("*");
    }
}
