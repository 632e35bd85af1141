package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.ops.ApiToken;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.Set;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * With {@code orrery.api.token} set, every request that may change something (any method but GET, HEAD and
 * OPTIONS) needs the token ({@link ApiToken}), on whichever port it is registered: {@code /api} and the actuator's
 * write operations alike (401 otherwise). The rule goes by the method, never by the path, so no spelling of a path
 * escapes it. Reads stay open unless {@code orrery.api.protect-reads} is true; the health endpoints stay open even
 * then, for probes, and so do the dashboard's own files, so the page can ask for the token. A request bearing
 * the token carries a {@link Principal}, so the actuator shows it health details ({@code show-details:
 * when-authorized}) and no one else. The control WebSocket's handshake is a GET: its
 * token is checked where the handshake happens, by {@link ControlHandshakeInterceptor}.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

    /** The methods that read; every other one may change something. */
    static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");

    /** The one principal there is: whoever holds the token. */
    static final Principal TOKEN_HOLDER = () -> "orrery-api-token";

    private final ApiToken token;
    private final boolean protectReads;
    private final String healthPath;
    private final ObjectMapper mapper;

    private BearerTokenFilter(ApiToken token, boolean protectReads, String healthPath, ObjectMapper mapper) {
        this.token = token;
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
    static FilterRegistrationBean<BearerTokenFilter> registration(
            ApiProperties properties, String actuatorBasePath, ObjectMapper mapper) {
        String base = actuatorBasePath.endsWith("/") ? actuatorBasePath : actuatorBasePath + "/";
        FilterRegistrationBean<BearerTokenFilter> registration = new FilterRegistrationBean<>(new BearerTokenFilter(
                ApiToken.of(properties.token()), properties.protectReads(), base + "health", mapper));
        registration.addUrlPatterns("/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 5);
        return registration;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return token == null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (token.presentedBy(request)) {
            chain.doFilter(new TokenHolderRequest(request), response);
            return;
        }
        if (!needsToken(request)) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"orrery\"");
        ProblemResponses.write(
                mapper,
                request,
                response,
                HttpStatus.UNAUTHORIZED,
                "Unauthorized",
                request.getMethod() + " " + request.getRequestURI()
                        + " needs the header 'Authorization: Bearer <orrery.api.token>' (or, in the dashboard, the"
                        + " cookie POST /api/session sets)");
    }

    private boolean needsToken(HttpServletRequest request) {
        if (!SAFE.contains(request.getMethod())) {
            return true;
        }
        if (!protectReads) {
            return false;
        }
        String path = plainPath(request);
        return path == null || !(path.equals(healthPath) || path.startsWith(healthPath + "/") || isPage(path));
    }

    /**
     * The dashboard's own files (its HTML, scripts, styles and three.js), which hold no data: they stay open so the
     * page can load and ask for the token; everything it then reads needs it.
     */
    private static boolean isPage(String path) {
        return path.equals("/")
                || path.equals("/index.html")
                || path.startsWith("/assets/")
                || path.startsWith("/webjars/");
    }

    /**
     * The path when it is spelled as the server reads it, else null: a path parameter, a percent-encoding, a dot
     * segment or a double slash makes the raw path differ from the container's, and such a path gets no exemption,
     * so {@code /actuator/health/../info} or {@code /assets/..;/api/models} cannot pass for what they start as.
     */
    private static String plainPath(HttpServletRequest request) {
        String raw = request.getRequestURI().substring(request.getContextPath().length());
        String read = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return raw.equals(read) ? raw : null;
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
