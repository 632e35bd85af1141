package io.orrery.ops;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.http.HttpHeaders;

/**
 * {@code orrery.api.token}, and where a request may present it: the {@code Authorization: Bearer} header; the
 * cookie {@value #COOKIE} that {@code POST /api/session} sets for the dashboard, whose page, fetches and event
 * streams cannot carry a header; and the {@code access_token} query parameter (RFC 6750's name) only on a
 * WebSocket handshake. Shared by every surface that takes the token: HTTP, the control socket, the Foxglove server. Compared as SHA-256 digests in constant time: no timing hint of its length or a prefix.
 *
 * <p>The cookie holds a value derived from the token (an HMAC of it), not the token: a browser profile that leaks
 * it gives away no token an operator may use elsewhere, and a new token invalidates every cookie.
 */
public final class ApiToken {

    /** The query parameter that carries the token on a WebSocket handshake. */
    public static final String ACCESS_TOKEN = "access_token";

    /** The cookie that stands for the token in a browser. */
    public static final String COOKIE = "orrery_token";

    private static final String BEARER = "Bearer ";

    private final byte[] digest;
    private final String cookieValue;
    private final byte[] cookieDigest;

    private ApiToken(String token) {
        this.digest = sha256(token);
        this.cookieValue = hmac(token, "orrery dashboard cookie");
        this.cookieDigest = sha256(cookieValue);
    }

    /** The configured token ({@code orrery.api.token}), or null when none is set (then nothing needs one). */
    public static ApiToken of(String token) {
        return token == null || token.isBlank() ? null : new ApiToken(token);
    }

    /** True when {@code request} presents the token in a place it may be presented. */
    public boolean presentedBy(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return matches(header.substring(BEARER.length()).strip());
        }
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie c : cookies) {
                if (COOKIE.equals(c.getName()) && MessageDigest.isEqual(cookieDigest, sha256(c.getValue()))) {
                    return true;
                }
            }
        }
        if (!isWebSocketHandshake(request)) {
            return false; // asked first: on a POST, reading a parameter would read (and use up) a form body
        }
        String query = request.getParameter(ACCESS_TOKEN);
        return query != null && matches(query);
    }

    public boolean matches(String presented) {
        return MessageDigest.isEqual(digest, sha256(presented));
    }

    /** What the {@value #COOKIE} cookie holds for this token. */
    public String cookieValue() {
        return cookieValue;
    }

    /**
     * A request asking to become a WebSocket, whatever its path says: the query token is taken on such requests
     * only, so it stays out of ordinary URLs (and the logs and histories that keep them).
     */
    public static boolean isWebSocketHandshake(HttpServletRequest request) {
        return "GET".equals(request.getMethod()) && request.getHeader(HttpHeaders.UPGRADE) != null;
    }

    private static String hmac(String key, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] value = mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(value);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
