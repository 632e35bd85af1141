package io.orrery.api;

import io.orrery.ops.ApiToken;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The dashboard's login: a browser cannot put the token on the page it loads, on its event streams or (without
 * keeping the token where scripts can read it) on its fetches, so it trades the token for a cookie once. The
 * cookie is HttpOnly (no script reads it) and SameSite=Strict (no other site's page sends it), and a change made
 * with it still passes the origin check like any other ({@link OriginFilter}). Like every POST and DELETE, both
 * calls need the token, which the {@link BearerTokenFilter} has checked before they get here.
 */
@RestController
@RequestMapping("/api/session")
class SessionController {

    private final ApiToken token;

    SessionController(ApiProperties properties) {
        this.token = ApiToken.of(properties.token());
    }

    /** Trades the bearer token for the cookie, which then stands for the token. */
    @PostMapping
    ResponseEntity<Void> login(HttpServletRequest request) {
        if (token == null) {
            return ResponseEntity.noContent().build(); // no token, nothing to stand for
        }
        return ResponseEntity.noContent()
                .header(
                        HttpHeaders.SET_COOKIE,
                        cookie(request, token.cookieValue(), null).toString())
                .build();
    }

    /** Forgets the cookie. */
    @DeleteMapping
    ResponseEntity<Void> logout(HttpServletRequest request) {
        return ResponseEntity.noContent()
                .header(
                        HttpHeaders.SET_COOKIE,
                        cookie(request, "", Duration.ZERO).toString())
                .build();
    }

    /** For the whole server (the dashboard's pages and the actuator alike); for this browser session unless maxAge. */
    private static ResponseCookie cookie(HttpServletRequest request, String value, Duration maxAge) {
        ResponseCookie.ResponseCookieBuilder b = ResponseCookie.from(ApiToken.COOKIE, value)
                .path("/")
                .httpOnly(true)
                .sameSite("Strict")
                .secure(request.isSecure());
        if (maxAge != null) {
            b.maxAge(maxAge);
        }
        return b.build();
    }
}
