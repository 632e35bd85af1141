package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Checks the token on the control WebSocket's handshake, once the request has been routed to the socket: however
 * its path was spelled ({@code /api/control;x}, {@code /%61pi/control}, ...), whatever reaches this handshake is
 * checked. The token comes in the {@code Authorization: Bearer} header or, for browsers, as {@code access_token};
 * a handshake without it is answered 401 with a problem detail.
 */
final class ControlHandshakeInterceptor implements HandshakeInterceptor {

    private final ApiToken token;
    private final ObjectMapper mapper;

    /** {@code token} null: none is configured, every handshake passes. */
    ControlHandshakeInterceptor(ApiToken token, ObjectMapper mapper) {
        this.token = token;
        this.mapper = mapper;
    }

    @Override
    public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
            Map<String, Object> attributes) throws IOException {
        if (token == null) {
            return true;
        }
        if (request instanceof ServletServerHttpRequest servlet && token.presentedBy(servlet.getServletRequest())) {
            return true;
        }
        response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"orrery\"");
        refuse(mapper, request, response, HttpStatus.UNAUTHORIZED, "Unauthorized", "the control WebSocket's"
                + " handshake needs the header 'Authorization: Bearer <orrery.api.token>' or, from a browser, the"
                + " query parameter '" + ApiToken.ACCESS_TOKEN + "=<orrery.api.token>'");
        return false;
    }

    @Override
    public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
            Exception exception) {
        // nothing to do once the socket is open
    }

    /** Answers the handshake with {@code status} and a problem detail instead of opening the socket. */
    static void refuse(ObjectMapper mapper, ServerHttpRequest request, ServerHttpResponse response,
            HttpStatus status, String title, String detail) throws IOException {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setTitle(title);
        p.setInstance(URI.create(request.getURI().getRawPath()));
        response.setStatusCode(status);
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        response.getBody().write(mapper.writeValueAsBytes(p));
    }
}
