package io.orrery.ops;

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

/**
 * A WebSocket handshake answered with a problem detail instead of an open socket, as the HTTP API answers a refused
 * request: the control socket and the Foxglove server refuse the same way, for a foreign origin (403), a missing
 * token (401, with {@code WWW-Authenticate}) or anything else their protocol asks for.
 */
public final class HandshakeRefusal {

    private final ObjectMapper mapper;

    public HandshakeRefusal(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** Answers {@code status} with {@code detail} and {@code properties} as the problem's own fields. */
    public void refuse(
            ServerHttpRequest request,
            ServerHttpResponse response,
            HttpStatus status,
            String title,
            String detail,
            Map<String, Object> properties)
            throws IOException {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setTitle(title);
        properties.forEach(p::setProperty);
        p.setInstance(URI.create(request.getURI().getRawPath()));
        response.setStatusCode(status);
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        response.getBody().write(mapper.writeValueAsBytes(p));
    }

    /** 403: the handshake comes from a page of an origin not allowed; {@code detail} says which and what to do. */
    public void foreignOrigin(ServerHttpRequest request, ServerHttpResponse response, String origin, String detail)
            throws IOException {
        refuse(
                request,
                response,
                HttpStatus.FORBIDDEN,
                "Cross-origin request refused",
                detail,
                Map.of("origin", origin, "property", AllowedOrigins.PROPERTY));
    }

    /** 401 with {@code WWW-Authenticate: Bearer}: the handshake did not present {@code orrery.api.token}. */
    public void noToken(ServerHttpRequest request, ServerHttpResponse response, String detail) throws IOException {
        response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"orrery\"");
        refuse(request, response, HttpStatus.UNAUTHORIZED, "Unauthorized", detail, Map.of());
    }
}
