package io.orrery.transport.foxglove;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.ops.AllowedOrigins;
import io.orrery.ops.ApiToken;
import io.orrery.ops.HandshakeRefusal;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Checks a Foxglove client's handshake as the control socket's is checked: the page it comes from first (browsers
 * open cross-origin WebSockets freely: this server's own origin and those in {@code orrery.api.allowed-origins} only,
 * 403 otherwise; Foxglove's web app is such an origin to list), then a subprotocol it serves (400), then the token
 * ({@code Authorization: Bearer}, or {@code access_token} in the URL, which is how Foxglove's connection dialog passes
 * it). Without the token a client may still watch when reads are open ({@code orrery.api.protect-reads} false): it
 * connects, and publishing, services and parameters are refused; with reads protected it is refused (401).
 */
final class FoxgloveHandshake implements HandshakeInterceptor {

    /** The session attribute: true when the client may change the world. */
    static final String MAY_CONTROL = "orrery.foxglove.may-control";

    private final AllowedOrigins origins;
    private final ApiToken token;
    private final boolean protectReads;
    private final HandshakeRefusal refusal;

    /** {@code token} null: none is configured, and every client may control. */
    FoxgloveHandshake(AllowedOrigins origins, ApiToken token, boolean protectReads, ObjectMapper mapper) {
        this.origins = origins;
        this.token = token;
        this.protectReads = protectReads;
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
            throw new IllegalStateException("the Foxglove WebSocket runs on a servlet container, got " + request);
        }
        HttpServletRequest http = servlet.getServletRequest();
        Optional<String> foreign = origins.refused(http);
        if (foreign.isPresent()) {
            refusal.foreignOrigin(
                    request,
                    response,
                    foreign.get(),
                    "the Foxglove"
                            + " WebSocket's handshake comes from a page of origin '" + foreign.get()
                            + "': only this server's"
                            + " own origin and those listed in " + AllowedOrigins.PROPERTY
                            + " may connect (for Foxglove's"
                            + " web app, list its origin there)");
            return false;
        }
        if (!offersOurs(http)) {
            refusal.refuse(
                    request,
                    response,
                    HttpStatus.BAD_REQUEST,
                    "No Foxglove subprotocol",
                    "the Foxglove WebSocket" + " needs the header Sec-WebSocket-Protocol with one of "
                            + FoxgloveSocketHandler.SUBPROTOCOLS,
                    Map.of());
            return false;
        }
        boolean holder = token == null || token.presentedBy(http);
        if (!holder && protectReads) {
            refusal.noToken(
                    request,
                    response,
                    "the Foxglove WebSocket's handshake"
                            + " needs the header 'Authorization: Bearer <orrery.api.token>' or the query parameter '"
                            + ApiToken.ACCESS_TOKEN + "=<orrery.api.token>' (orrery.api.protect-reads is on)");
            return false;
        }
        attributes.put(MAY_CONTROL, holder);
        return true;
    }

    @Override
    public void afterHandshake(
            ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler, Exception exception) {
        // nothing to do once the socket is open
    }

    private static boolean offersOurs(HttpServletRequest http) {
        for (String header : Collections.list(http.getHeaders("Sec-WebSocket-Protocol"))) {
            if (Arrays.stream(header.split(","))
                    .map(String::strip)
                    .anyMatch(FoxgloveSocketHandler.SUBPROTOCOLS::contains)) {
                return true;
            }
        }
        return false;
    }
}
