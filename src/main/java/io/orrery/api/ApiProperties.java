package io.orrery.api;

import io.orrery.ops.AllowedOrigins;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The HTTP API's settings, {@code orrery.api.*}.
 *
 * @param token when set, every request that changes something (POST, PUT, PATCH, DELETE), under {@code /api} and
 *     to the actuator on either port, needs {@code Authorization: Bearer <token>}, and only requests bearing it see
 *     health details; reads stay open unless protect-reads is true
 * @param maxRequestBody the largest request body accepted; larger ones get 413
 * @param protectReads with a token set, reads (GET, HEAD, OPTIONS) need it too, except the health endpoints that
 *     probes call (they then show no details); without a token this has no effect
 * @param maxEventClients the most event-stream clients (GET /api/events) connected at once; one more gets 503 with
 *     Retry-After
 * @param maxControlMessage the largest text frame the control WebSocket ({@code /api/control}) accepts; a larger one
 *     closes the connection with 1009 (message too big)
 * @param maxControlBacklog the most answers the control WebSocket keeps for a client that is not reading them; one
 *     more closes the connection (1008), so a stalled client never holds the loop or the server's memory
 * @param maxTriggers the most triggers added through the API that the runner holds at once (armed, or sticky time
 *     triggers kept for the next reset); one more is refused with 409 until one that fires leaves
 * @param maxControlConnections the most control WebSocket connections open at once; one more is closed as soon as
 *     it opens with 1013 (try again later)
 * @param allowedOrigins web origins besides the server's own (scheme, host and optional port, such as
 *     {@code http://localhost:3000}) whose pages may send requests that change something (any method but GET, HEAD
 *     and OPTIONS) and open the control WebSocket; a request whose Origin (or, without one, Referer) is neither is
 *     refused with 403; requests with neither header (curl, scripts) are let through
 */
@ConfigurationProperties("orrery.api")
public record ApiProperties(
        String token,
        @DefaultValue("1MB") DataSize maxRequestBody,
        @DefaultValue("false") boolean protectReads,
        @DefaultValue("32") int maxEventClients,
        @DefaultValue("64KB") DataSize maxControlMessage,
        @DefaultValue("256") int maxControlBacklog,
        @DefaultValue("100") int maxTriggers,
        @DefaultValue("16") int maxControlConnections,
        @DefaultValue List<String> allowedOrigins) {

    public ApiProperties {
        if (maxRequestBody == null || maxRequestBody.toBytes() < 1) {
            throw new IllegalArgumentException(
                    "orrery.api.max-request-body must be at least 1 byte, got " + maxRequestBody);
        }
        if (maxRequestBody.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("orrery.api.max-request-body must be below 2GB, got " + maxRequestBody);
        }
        if (maxControlMessage == null
                || maxControlMessage.toBytes() < 256
                || maxControlMessage.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(
                    "orrery.api.max-control-message must be between 256 bytes and 2GB, got " + maxControlMessage);
        }
        if (maxControlBacklog < 1) {
            throw new IllegalArgumentException(
                    "orrery.api.max-control-backlog must be at least 1, got " + maxControlBacklog);
        }
        if (maxEventClients < 1) {
            throw new IllegalArgumentException(
                    "orrery.api.max-event-clients must be at least 1, got " + maxEventClients);
        }
        if (maxTriggers < 1) {
            throw new IllegalArgumentException("orrery.api.max-triggers must be at least 1, got " + maxTriggers);
        }
        if (maxControlConnections < 1) {
            throw new IllegalArgumentException(
                    "orrery.api.max-control-connections must be at least 1, got " + maxControlConnections);
        }
        allowedOrigins.forEach(AllowedOrigins::normalised); // fails the start naming the property and the entry
        allowedOrigins = List.copyOf(allowedOrigins);
    }

    /** True when a token is configured. */
    public boolean tokenRequired() {
        return token != null && !token.isBlank();
    }
}
