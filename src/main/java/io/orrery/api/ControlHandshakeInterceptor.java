package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.ops.AllowedOrigins;
import io.orrery.ops.ApiToken;
import io.orrery.ops.HandshakeRefusal;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Checks the control WebSocket's handshake once the request has been routed to the socket, so however its path was
 * spelled ({@code /api/control;x}, {@code /%61pi/control}, ...), whatever reaches the socket is checked: first the
 * page it comes from ({@link AllowedOrigins}: browsers open cross-origin WebSockets freely, 403 otherwise), then
 * the token, in the {@code Authorization: Bearer} header or, for browsers, as {@code access_token} (401). Each
 * refusal is a problem detail.
 */
final class ControlHandshakeInterceptor implements HandshakeInterceptor {

    private final AllowedOrigins origins;
    private final ApiToken token;
    private final HandshakeRefusal refusal;

    /** {@code token} null: none is configured, and only the origin is checked. */
    ControlHandshakeInterceptor(AllowedOrigins origins, ApiToken token, ObjectMapper mapper) {
        this.origins = origins;
        this.token = token;
        this.refusal = new HandshakeRefusal(mapper);
    }

    @Override
    public boolean beforeHandshake(
            ServerHttpRequest request,
            ServerHttpResponse response,
            WebSocketHandler handler,
            Map<String, Object> attributes)
            throws IOException {
        if (!(request instanceof ServletServerHttpRequest servlet)) {
            throw new IllegalStateException("the control WebSocket runs on a servlet container, got " + request);
        }
        HttpServletRequest http = servlet.getServletRequest();
        Optional<String> foreign = origins.refused(http);
        if (foreign.isPresent()) {
            refusal.foreignOrigin(
                    request,
                    response,
                    foreign.get(),
                    OriginFilter.refusal("the control WebSocket's handshake", foreign.get(), http));
            return false;
        }
        if (token == null || token.presentedBy(http)) {
            return true;
        }
        refusal.noToken(
                request,
                response,
                "the control WebSocket's"
                        + " handshake needs the header 'Authorization: Bearer <orrery.api.token>' or, from a browser, the"
                        + " query parameter '" + ApiToken.ACCESS_TOKEN + "=<orrery.api.token>'");
        return false;
    }

    @Override
    public void afterHandshake(
            ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler, Exception exception) {
        // nothing to do once the socket is open
    }
}
