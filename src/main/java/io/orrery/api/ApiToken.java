package io.orrery.api;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.springframework.http.HttpHeaders;

/**
 * {@code orrery.api.token}, and where a request may present it: the {@code Authorization: Bearer} header always;
 * the {@code access_token} query parameter (RFC 6750's name) only on a WebSocket handshake, since browsers cannot
 * set headers on one. Compared as SHA-256 digests in constant time: no timing hint of its length or a prefix.
 */
final class ApiToken {

    /** The query parameter that carries the token on a WebSocket handshake. */
    static final String ACCESS_TOKEN = "access_token";

    private static final String BEARER = "Bearer ";

    private final byte[] digest;

    private ApiToken(String token) {
        this.digest = sha256(token);
    }

    /** The configured token, or null when none is set (then nothing needs one). */
    static ApiToken of(ApiProperties properties) {
        return properties.tokenRequired() ? new ApiToken(properties.token()) : null;
    }

    /** True when {@code request} presents the token in a place it may be presented. */
    boolean presentedBy(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return matches(header.substring(BEARER.length()).strip());
        }
        String query = request.getParameter(ACCESS_TOKEN);
        return query != null && isWebSocketHandshake(request) && matches(query);
    }

    boolean matches(String presented) {
        return MessageDigest.isEqual(digest, sha256(presented));
    }

    /**
     * A request asking to become a WebSocket, whatever its path says: the query token is taken on such requests
     * only, so it stays out of ordinary URLs (and the logs and histories that keep them).
     */
    static boolean isWebSocketHandshake(HttpServletRequest request) {
        return "GET".equals(request.getMethod()) && request.getHeader(HttpHeaders.UPGRADE) != null;
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
