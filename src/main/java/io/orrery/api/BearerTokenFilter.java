package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.util.Set;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * With {@code orrery.api.token} set, every request that changes something (POST, PUT, PATCH, DELETE) needs
 * {@code Authorization: Bearer <token>}, on whichever port it is registered: {@code /api} and the actuator's
 * write operations alike (401 otherwise). Reads stay open unless {@code orrery.api.protect-reads} is true; the
 * health endpoints stay open even then, for probes. A request bearing the token carries a {@link Principal}, so
 * the actuator shows it health details ({@code show-details: when-authorized}) and no one else. The control
 * WebSocket's handshake needs it too, in the header or, for browsers, as {@code ?access_token=}. The token is
 * compared as a SHA-256 digest in constant time.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

    private static final Set<String> CHANGING = Set.of("POST", "PUT", "PATCH", "DELETE");
    private static final String BEARER = "Bearer ";
    /** The query parameter that carries the token on the control WebSocket's handshake (RFC 6750's name). */
    static final String ACCESS_TOKEN = "access_token";

    /** The one principal there is: whoever holds the token. */
    static final Principal TOKEN_HOLDER = () -> "orrery-api-token";

    private final byte[] tokenDigest;
    private final boolean protectReads;
    private final String healthPath;
    private final ObjectMapper mapper;

    private BearerTokenFilter(byte[] tokenDigest, boolean protectReads, String healthPath, ObjectMapper mapper) {
        this.tokenDigest = tokenDigest;
        this.protectReads = protectReads;
        this.healthPath = healthPath;
        this.mapper = mapper;
    }

    /**
     * The filter for every path of one web server (the API port's, or the management port's when
     * {@code management.server.port} splits it off), ahead of the API's body limit.
     *
     * @param actuatorBasePath {@code management.endpoints.web.base-path}, under which health stays open
     */
    static FilterRegistrationBean<BearerTokenFilter> registration(ApiProperties properties, String actuatorBasePath,
            ObjectMapper mapper) {
        byte[] digest = properties.tokenRequired() ? sha256(properties.token()) : null;
        String base = actuatorBasePath.endsWith("/") ? actuatorBasePath : actuatorBasePath + "/";
        FilterRegistrationBean<BearerTokenFilter> registration = new FilterRegistrationBean<>(
                new BearerTokenFilter(digest, properties.protectReads(), base + "health", mapper));
        registration.addUrlPatterns("/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 5);
        return registration;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return tokenDigest == null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (authorized(request)) {
            chain.doFilter(new TokenHolderRequest(request), response);
            return;
        }
        if (!needsToken(request)) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"orrery\"");
        ProblemResponses.write(mapper, request, response, HttpStatus.UNAUTHORIZED, "Unauthorized",
                request.getMethod() + " " + request.getRequestURI()
                        + " needs the header 'Authorization: Bearer <orrery.api.token>'");
    }

    private boolean needsToken(HttpServletRequest request) {
        if (CHANGING.contains(request.getMethod()) || isControlSocket(request)) {
            return true; // the control WebSocket steps and resets: its handshake (a GET) needs the token
        }
        if (!protectReads) {
            return false;
        }
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !(path.equals(healthPath) || path.startsWith(healthPath + "/"));
    }

    private boolean authorized(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        String presented;
        if (header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            presented = header.substring(BEARER.length()).strip();
        } else if (isControlSocket(request) && request.getParameter(ACCESS_TOKEN) != null) {
            presented = request.getParameter(ACCESS_TOKEN); // browsers cannot set headers on a WebSocket
        } else {
            return false;
        }
        // digests of equal length, compared in constant time: no timing hint of the token's length or prefix
        return MessageDigest.isEqual(tokenDigest, sha256(presented));
    }

    private static boolean isControlSocket(HttpServletRequest request) {
        return request.getRequestURI().substring(request.getContextPath().length())
                .equals(ControlSocketConfiguration.PATH);
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The request of whoever holds the token: the servlet's user principal, which the actuator asks for. */
    private static final class TokenHolderRequest extends HttpServletRequestWrapper {

        TokenHolderRequest(HttpServletRequest request) {
            super(request);
        }

        @Override
        public Principal getUserPrincipal() {
            return TOKEN_HOLDER;
        }

        @Override
        public String getRemoteUser() {
            return TOKEN_HOLDER.getName();
        }

        @Override
        public String getAuthType() {
            return "Bearer";
        }
    }
}
