package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * With no token (the default), a web page of another origin must not change anything: requests that may change
 * something, and the control WebSocket's handshake, whose {@code Origin} (or, without one, {@code Referer}) is
 * neither this server's nor listed in {@code orrery.api.allowed-origins} are refused with 403 naming the origin and
 * the property; requests with neither header (programs) and the server's own pages go on. Sent over a plain
 * socket, the headers exactly as a browser would send them.
 */
@TestPropertySource(properties = "orrery.api.allowed-origins=" + OriginCheckTests.LISTED)
class OriginCheckTests extends ApiTestSupport {

    static final String LISTED = "http://trusted.example:3000";
    static final String FOREIGN = "http://evil.example";

    @BeforeEach
    void loaded() {
        ApiFixtures.awaitLoaded(this);
    }

    @Test
    void aChangeFromAForeignPageIsRefusedNamingTheOriginAndTheProperty() throws Exception {
        long iterations = iterations();
        for (String from : List.of(
                "Origin: " + FOREIGN,
                "Origin: null",
                "Origin: " + FOREIGN + "\r\nReferer: http://localhost:" + port + "/",
                "Referer: " + FOREIGN + "/page.html",
                "Origin: http://localhost:" + (port + 1),
                "Origin: https://localhost:" + port,
                "Origin: http://127.0.0.1:" + port,
                "Origin: http://trusted.example:3001",
                "Origin: " + LISTED + "\r\nOrigin: " + FOREIGN)) {
            for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "post")) {
                try (RawHttp r = RawHttp.request(port, method, "/api/simulation/step", from + "\r\n")) {
                    String body = r.body();
                    assertThat(r.status).as("%s %s: %s", method, from, body).isEqualTo(403);
                    assertThat(r.headers.get("content-type")).startsWith("application/problem+json");
                    JsonNode problem = JSON.readTree(body);
                    assertThat(problem.get("property").asText()).isEqualTo("orrery.api.allowed-origins");
                    assertThat(problem.get("detail").asText())
                            .contains(problem.get("origin").asText())
                            .contains("orrery.api.allowed-origins");
                }
            }
        }
        try (RawHttp r = RawHttp.request(port, "POST", "/actuator/simulation", "Origin: " + FOREIGN + "\r\n")) {
            assertThat(r.status).as("the actuator's writes too").isEqualTo(403);
        }
        assertThat(iterations()).as("nothing was stepped").isEqualTo(iterations);
    }

    @Test
    void theServersOwnPagesListedOriginsAndProgramsGoOn() throws Exception {
        long iterations = iterations();
        for (String from : List.of(
                "",
                "Origin: http://localhost:" + port + "\r\n",
                "Origin: HTTP://LOCALHOST:" + port + "\r\n",
                "Referer: http://localhost:" + port + "/index.html\r\n",
                "Origin: " + LISTED + "\r\n",
                "Referer: " + LISTED + "/app/\r\n")) {
            try (RawHttp r = RawHttp.request(port, "POST", "/api/simulation/step", from)) {
                assertThat(r.status).as("%s: %s", from, r.head()).isEqualTo(200);
            }
        }
        try (RawHttp read = RawHttp.request(port, "GET", "/api/simulation", "Origin: " + FOREIGN + "\r\n")) {
            assertThat(read.status)
                    .as("reads are the same-origin policy's business")
                    .isEqualTo(200);
        }
        assertThat(iterations()).isEqualTo(iterations + 6);
    }

    @Test
    void theControlSocketOpensOnlyForTheServersOwnPagesListedOnesAndPrograms() throws Exception {
        for (String from : List.of("Origin: " + FOREIGN, "Origin: null", "Origin: http://127.0.0.1:" + port)) {
            for (String path : List.of("/api/control", "/api/control;x", "/%61pi/control")) {
                try (RawHttp r = RawHttp.handshake(port, path, from + "\r\n")) {
                    String body = r.body();
                    assertThat(r.status).as("%s from %s: %s", path, from, body).isEqualTo(403);
                    assertThat(JSON.readTree(body).get("property").asText()).isEqualTo("orrery.api.allowed-origins");
                }
            }
        }
        for (String from : List.of("", "Origin: http://localhost:" + port + "\r\n", "Origin: " + LISTED + "\r\n")) {
            try (RawHttp r = RawHttp.handshake(port, "/api/control", from)) {
                assertThat(r.status).as("from %s: %s", from, r.head()).isEqualTo(101);
                assertThat(r.exchange("{\"op\":\"observe\",\"id\":1}")).contains("\"observed\"");
            }
        }
    }

    private long iterations() {
        return get("/api/simulation").json().get("iterations").asLong();
    }
}
