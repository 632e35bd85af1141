package io.orrery.ops;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.HttpHeaders;

/**
 * Which web pages may change something: the server's own origin and those listed in
 * {@code orrery.api.allowed-origins}. A browser names the page a request comes from in {@code Origin} (on every
 * POST, PUT, PATCH, DELETE and WebSocket handshake), or at least in {@code Referer}; a request with neither comes
 * from a program (curl, Python, Java), which no web page can make a browser send, and is let through.
 */
public final class AllowedOrigins {

    /** The property that lists further origins. */
    public static final String PROPERTY = "orrery.api.allowed-origins";

    private final Set<String> listed;

    public AllowedOrigins(List<String> origins) {
        this.listed = origins.stream().map(AllowedOrigins::normalised).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The origin {@code request} comes from when it is neither this server's nor a listed one (to name in the
     * refusal); empty when the request may go on.
     */
    public Optional<String> refused(HttpServletRequest request) {
        List<String> origins = Collections.list(request.getHeaders(HttpHeaders.ORIGIN));
        String claimed;
        boolean fromReferer = false;
        if (origins.size() > 1) {
            return Optional.of(String.join(", ", origins)); // one page sends one origin; two are not a browser's
        } else if (origins.size() == 1) {
            claimed = origins.get(0);
        } else {
            claimed = request.getHeader(HttpHeaders.REFERER);
            fromReferer = true;
            if (claimed == null) {
                return Optional.empty();
            }
        }
        String origin;
        try {
            origin = origin(claimed, fromReferer);
        } catch (IllegalArgumentException notAnOrigin) {
            return Optional.of(claimed); // "null" (a sandboxed page, a file), or a value that names no page
        }
        return origin.equals(own(request)) || listed.contains(origin) ? Optional.empty() : Optional.of(claimed);
    }

    /** This server's origin as the request reached it: its scheme, and the host and port the client asked for. */
    public static String own(HttpServletRequest request) {
        return request.getScheme().toLowerCase(Locale.ROOT) + "://"
                + request.getServerName().toLowerCase(Locale.ROOT) + ":" + request.getServerPort();
    }

    /**
     * {@code scheme://host:port}, lower case, the port always given; a configured origin that is not one fails the
     * start naming the property.
     */
    public static String normalised(String configured) {
        try {
            return origin(configured, false);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PROPERTY + " must list origins such as https://orrery.example.com or"
                    + " http://localhost:3000 (a scheme, a host and an optional port, no path), got '" + configured
                    + "'");
        }
    }

    /** The origin of an {@code Origin} value, or of a {@code Referer} URL ({@code withPath}). */
    private static String origin(String value, boolean withPath) {
        URI uri;
        try {
            uri = new URI(value.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https"))
                || uri.getHost() == null
                || uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("not an origin: " + value);
        }
        if (!withPath
                && ((uri.getRawPath() != null
                                && !uri.getRawPath().isEmpty()
                                && !uri.getRawPath().equals("/"))
                        || uri.getRawQuery() != null
                        || uri.getRawFragment() != null)) {
            throw new IllegalArgumentException("not an origin: " + value);
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }
}
