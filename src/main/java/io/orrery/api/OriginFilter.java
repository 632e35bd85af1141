package io.orrery.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.ops.AllowedOrigins;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses, with 403, every request that may change something (any method but GET, HEAD and OPTIONS) sent by a web
 * page of another origin than this server's or those {@link AllowedOrigins} lists: without it, any page a user
 * visits could POST reset or stop to {@code localhost:8080} (a cross-site request forgery), with or without a
 * token once the browser holds the dashboard's cookie. Ahead of the token filter, on every path of the server: the
 * rule goes by the method and the headers, never by the path. The control WebSocket's handshake is checked by
 * {@link ControlHandshakeInterceptor}.
 */
final class OriginFilter extends OncePerRequestFilter {

    private final AllowedOrigins origins;
    private final ObjectMapper mapper;

    private OriginFilter(AllowedOrigins origins, ObjectMapper mapper) {
        this.origins = origins;
        this.mapper = mapper;
    }

    /** The filter for every path of one web server (the API port's, or the management port's). */
    static FilterRegistrationBean<OriginFilter> registration(ApiProperties properties, ObjectMapper mapper) {
        FilterRegistrationBean<OriginFilter> registration =
                new FilterRegistrationBean<>(new OriginFilter(new AllowedOrigins(properties.allowedOrigins()), mapper));
        registration.addUrlPatterns("/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 4);
        return registration;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return BearerTokenFilter.SAFE.contains(request.getMethod());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> refused = origins.refused(request);
        if (refused.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        ProblemResponses.write(
                mapper,
                request,
                response,
                HttpStatus.FORBIDDEN,
                "Cross-origin request refused",
                refusal(request.getMethod() + " " + request.getRequestURI(), refused.get(), request),
                "origin",
                refused.get(),
                "property",
                AllowedOrigins.PROPERTY);
    }

    /** The detail of a refusal: what was asked, from where, and how to allow it. */
    static String refusal(String what, String origin, HttpServletRequest request) {
        return what + " comes from a page of origin '" + origin + "': only this server's own origin ("
                + AllowedOrigins.own(request) + ") and the origins listed in " + AllowedOrigins.PROPERTY
                + " may change anything";
    }
}
