package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * With {@code orrery.api.token} set, no spelling of a path that reaches the control WebSocket or a state-changing
 * endpoint gets past without the token: path parameters on either segment, percent-encoding, case, trailing and
 * double slashes, dot segments, encoded slashes and dots, and method names in other cases. Each spelling is sent
 * byte for byte over a plain socket ({@link RawHttp}), so no client normalises it first.
 */
@TestPropertySource(properties = "orrery.api.token=" + TokenSpellingsTests.TOKEN)
class TokenSpellingsTests extends ApiTestSupport {

    static final String TOKEN = "spelling-token";
    static final String BEARER = "Authorization: Bearer " + TOKEN + "\r\n";

    /** Every spelling of {@code /api/control} tried, the plain one first. */
    static final List<String> CONTROL = List.of(
            "/api/control",
            "/api/control;x",
            "/api;x/control",
            "/api;x/control;y",
            "/api/control;",
            "/api/control;jsessionid=1",
            "/api/control?x=1",
            "/api/control/",
            "/api/control;/",
            "//api/control",
            "/api//control",
            "/api/control//",
            "/./api/control",
            "/api/./control",
            "/api/control/.",
            "/x/../api/control",
            "/api/x/../control",
            "/api/control/x/..",
            "/api/x;y/../control",
            "/api/%63ontrol",
            "/%61pi/control",
            "/api/contro%6C",
            "/api/contro%6c",
            "/%61%70%69/%63%6F%6E%74%72%6F%6C",
            "/api/control%3Bx",
            "/api/%43ontrol",
            "/API/control",
            "/api/Control",
            "/Api/CONTROL",
            "/api%2Fcontrol",
            "/api%2fcontrol",
            "/api/%2e/control",
            "/x/%2e%2e/api/control",
            "/api/%2E/control",
            "/api%5Ccontrol",
            "/api/control%20",
            "/api/control%09",
            "/api/control%00",
            "/api/control.json",
            "/api/control/..;/control",
            "/api/control;a=b;c=d",
            "/api;/control");

    /** Spellings of the step command's path (the plain one first), each POSTed without the token. */
    static final List<String> STEP = List.of(
            "/api/simulation/step",
            "/api/simulation;x/step",
            "/api;x/simulation/step",
            "/api/simulation/step;x",
            "/api/simulation/step/",
            "//api/simulation/step",
            "/api//simulation/step",
            "/api/./simulation/step",
            "/api/x/../simulation/step",
            "/api/simulation/%73tep",
            "/%61pi/simulation/step",
            "/api/simulation%2Fstep",
            "/api/simulation/%2e/step",
            "/API/simulation/step",
            "/api/Simulation/step",
            "/api/simulation/step?count=1",
            "/api/simulation/step.json",
            "/actuator/health/../../api/simulation/step",
            "/actuator/health/..;/..;/api/simulation/step");

    @BeforeEach
    void loaded() {
        ApiFixtures.awaitLoaded(this);
    }

    @Test
    void noSpellingOfTheControlSocketOpensWithoutTheTokenAndThePlainOneOpensWithIt() throws Exception {
        List<String> opened = new ArrayList<>();
        List<String> routed = new ArrayList<>();
        List<String> notRefusedFor401 = new ArrayList<>();
        for (String path : CONTROL) {
            try (RawHttp none = RawHttp.handshake(port, path, "");
                    RawHttp wrong = RawHttp.handshake(port, path, "Authorization: Bearer not-" + TOKEN + "\r\n");
                    RawHttp wrongQuery = RawHttp.handshake(port, withQuery(path, "access_token=not-" + TOKEN), "")) {
                for (RawHttp attempt : List.of(none, wrong, wrongQuery)) {
                    if (attempt.status == 101) {
                        opened.add(path + " -> " + attempt.exchange("{\"op\":\"observe\",\"id\":1}"));
                    }
                }
            }
            try (RawHttp withToken = RawHttp.handshake(port, path, BEARER)) {
                if (withToken.status == 101) {
                    // it is the control socket: the same spelling without the token must have been refused for
                    // want of the token, not for a path that happens not to route
                    assertThat(withToken.exchange("{\"op\":\"observe\",\"id\":7}"))
                            .contains("\"observed\"");
                    routed.add(path);
                    try (RawHttp none = RawHttp.handshake(port, path, "")) {
                        if (none.status != 401) {
                            notRefusedFor401.add(path + " -> " + none.status);
                        }
                    }
                }
            }
        }
        assertThat(opened).as("spellings that opened without the token").isEmpty();
        assertThat(notRefusedFor401)
                .as("spellings of the socket answered otherwise than 401 without the token")
                .isEmpty();
        assertThat(routed).as("spellings that reach the socket with the token").contains("/api/control");
        try (RawHttp query = RawHttp.handshake(port, "/api/control?access_token=" + TOKEN, "")) {
            assertThat(query.status)
                    .as("the token as access_token, for browsers")
                    .isEqualTo(101);
        }
    }

    @Test
    void noSpellingOfAStateChangingPathOrMethodChangesTheWorldWithoutTheToken() throws Exception {
        long iterations = iterations();
        List<String> passed = new ArrayList<>();
        for (String path : STEP) {
            for (String method : List.of("POST", "post", "Post", "PUT", "PATCH")) {
                try (RawHttp r = RawHttp.request(port, method, path, "")) {
                    if (r.status / 100 == 2) {
                        passed.add(method + " " + path + " -> " + r.status);
                    }
                }
            }
        }
        assertThat(passed)
                .as("requests that were answered 2xx without the token")
                .isEmpty();
        assertThat(iterations()).as("no step ran").isEqualTo(iterations);
        try (RawHttp r = RawHttp.request(port, "POST", "/api/simulation/step", BEARER)) {
            assertThat(r.status).as("the plain path with the token").isEqualTo(200);
        }
        assertThat(iterations()).isEqualTo(iterations + 1);
    }

    private long iterations() {
        JsonNode s = get("/api/simulation").json();
        return s.get("iterations").asLong();
    }

    private static String withQuery(String path, String query) {
        return path + (path.contains("?") ? "&" : "?") + query;
    }
}
