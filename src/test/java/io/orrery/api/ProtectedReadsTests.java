package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * With {@code orrery.api.protect-reads=true} reads need the token too, except the health probes; the event
 * stream holds at most {@code orrery.api.max-event-clients} clients and refuses one more with 503 and Retry-After.
 */
@TestPropertySource(
        properties = {"orrery.api.token=s3cret-token", "orrery.api.protect-reads=true", "orrery.api.max-event-clients=2"
        })
class ProtectedReadsTests extends ApiTestSupport {

    static final String TOKEN = "Bearer s3cret-token";

    @Autowired
    EventStream eventStream;

    /**
     * The world loaded and stepping or paused, and ready: this context starts with the test, and readiness alone could
     * be Spring Boot's own first "ready", published before the availability monitor has seen the world load.
     */
    @BeforeEach
    void loaded() throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!(worldRuns() && withToken("/actuator/health/readiness").statusCode() == 200)) {
            assertThat(System.nanoTime()).as("the world never became ready").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private boolean worldRuns() {
        HttpResponse<String> status = withToken("/api/simulation");
        if (status.statusCode() != 200) {
            return false;
        }
        try {
            String state =
                    new ObjectMapper().readTree(status.body()).get("state").asText();
            return !List.of("CONNECT", "START", "RESET").contains(state);
        } catch (JsonProcessingException e) {
            throw new AssertionError("the status is not JSON: " + status.body(), e);
        }
    }

    @Test
    void readsNeedTheTokenExceptHealth() {
        for (String path : List.of(
                "/api/simulation",
                "/api/models",
                "/api/world/sdf",
                "/api/events",
                "/actuator/simulation",
                "/actuator/info",
                "/v3/api-docs")) {
            Response none = get(path);
            assertThat(none.status()).as(path).isEqualTo(401);
            assertThat(none.header("Content-Type")).as(path).startsWith("application/problem+json");
        }
        assertThat(withToken("/api/simulation").statusCode()).isEqualTo(200);
        assertThat(withToken("/actuator/info").statusCode()).isEqualTo(200);

        assertThat(get("/actuator/health").status()).isEqualTo(200);
        assertThat(get("/actuator/health")
                        .json()
                        .get("components")
                        .get("simulation")
                        .has("details"))
                .isFalse();
        assertThat(get("/actuator/health/liveness").status()).isEqualTo(200);
        assertThat(get("/actuator/health/readiness").status()).isEqualTo(200);
    }

    /**
     * Health stays open for probes and the dashboard's files for the page, and nothing else may pass for them: a
     * path that starts as one and then climbs out (dot segments, path parameters, their encodings) is a read like
     * any other. Sent byte for byte.
     */
    @Test
    void noSpellingPassesAnotherReadOffAsHealthOrThePage() throws Exception {
        List<String> leaked = new ArrayList<>();
        for (String target : List.of("/api/simulation", "/actuator/info")) {
            for (String open : List.of(
                    "/actuator/health/",
                    "/actuator/health/liveness/",
                    "/assets/x/",
                    "/webjars/x/",
                    "/index.html/x/",
                    "/")) {
                // as many ".." as the open prefix has segments: back at the root, then the target
                String climb =
                        "../".repeat((int) open.chars().filter(c -> c == '/').count() - 1);
                String rest = target.substring(1);
                String withParameter = open.length() > 1 ? open.substring(0, open.length() - 1) + ";x/" : "/;x/";
                for (String path : List.of(
                        open + climb + rest,
                        open + climb.replace("..", "..;") + rest,
                        open + climb.replace("..", "%2e%2e") + rest,
                        open + climb.replace("..", ".%2E") + rest,
                        withParameter + climb + rest,
                        open + climb.replace("/", "%2F") + rest,
                        open + climb.replace("/", "//") + rest,
                        open + "%2e%2e/" + rest,
                        open + "./" + climb + rest)) {
                    try (RawHttp r = RawHttp.request(port, "GET", path, "")) {
                        String body = r.body();
                        // what the target would answer: the status's commands, the info's build
                        if (r.status / 100 == 2 && (body.contains("allowedCommands") || body.contains("\"build\""))) {
                            leaked.add(path + " -> " + r.status + " " + body);
                        }
                    }
                }
            }
        }
        assertThat(leaked).as("reads answered without the token").isEmpty();
    }

    /**
     * The dashboard's login: the token, once, for an HttpOnly, SameSite=Strict cookie that then stands for it, for
     * reads, for changes from the server's own pages (a foreign page's are still refused) and for the dashboard's
     * own files; the page itself loads without it.
     */
    @Test
    void theTokenIsTradedForACookieThatStandsForIt() throws Exception {
        for (String page : List.of("/", "/index.html", "/assets/api.js")) {
            assertThat(get(page).status()).as(page).isEqualTo(200);
        }
        assertThat(get("/dashboard/scene").status()).isEqualTo(401);
        assertThat(post("/api/session").status()).as("no token, no cookie").isEqualTo(401);

        Response login = send(HttpRequest.newBuilder(uri("/api/session"))
                .header("Authorization", TOKEN)
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(login.status()).isEqualTo(204);
        String setCookie = login.header("Set-Cookie");
        assertThat(setCookie)
                .startsWith("orrery_token=")
                .contains("HttpOnly")
                .contains("SameSite=Strict")
                .contains("Path=/")
                .doesNotContain("s3cret-token");
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));

        for (String path : List.of("/api/simulation", "/dashboard/scene", "/actuator/info")) {
            try (RawHttp r = RawHttp.request(port, "GET", path, "Cookie: " + cookie + "\r\n")) {
                assertThat(r.status).as(path).isEqualTo(200);
            }
        }
        try (RawHttp r = RawHttp.request(port, "GET", "/api/simulation", "Cookie: " + cookie + "x\r\n")) {
            assertThat(r.status).as("a cookie of another value").isEqualTo(401);
        }
        try (RawHttp r = RawHttp.request(
                port,
                "POST",
                "/api/simulation/step",
                "Cookie: " + cookie + "\r\nOrigin: http://localhost:" + port + "\r\n")) {
            assertThat(r.status).as("a change from the server's own page").isEqualTo(200);
        }
        try (RawHttp r = RawHttp.request(
                port,
                "POST",
                "/api/simulation/step",
                "Cookie: " + cookie + "\r\nOrigin: http://localhost." + port + ".example\r\n")) {
            assertThat(r.status)
                    .as("a change from another origin's page, cookie or not")
                    .isEqualTo(403);
        }
        try (RawHttp r = RawHttp.handshake(port, "/api/control", "Cookie: " + cookie + "\r\n")) {
            assertThat(r.status).as("the control socket takes the cookie too").isEqualTo(101);
        }

        Response logout = send(HttpRequest.newBuilder(uri("/api/session"))
                .header("Authorization", TOKEN)
                .DELETE());
        assertThat(logout.status()).isEqualTo(204);
        assertThat(logout.header("Set-Cookie")).startsWith("orrery_token=;").contains("Max-Age=0");
    }

    @Test
    void oneEventClientMoreThanTheCapIs503WithRetryAfter() throws Exception {
        List<InputStream> open = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                HttpResponse<InputStream> r = events();
                assertThat(r.statusCode()).isEqualTo(200);
                open.add(r.body());
            }
            HttpResponse<InputStream> refused = events();
            String body;
            try (InputStream in = refused.body()) {
                body = new String(in.readAllBytes());
            }
            assertThat(refused.statusCode()).as(body).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("10");
            assertThat(refused.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(body).contains("orrery.api.max-event-clients");
            assertThat(eventStream.clientCount()).isEqualTo(2);

            open.remove(0).close();
            long deadline = System.nanoTime() + 20_000_000_000L;
            HttpResponse<InputStream> again;
            // the server notices the closed client when it next writes to it (a stats tick, 4 Hz)
            while ((again = events()).statusCode() != 200 && System.nanoTime() < deadline) {
                again.body().close();
                Thread.sleep(100);
            }
            assertThat(again.statusCode()).isEqualTo(200);
            open.add(again.body());
        } finally {
            for (InputStream in : open) {
                in.close();
            }
        }
    }

    private HttpResponse<InputStream> events() throws Exception {
        return client.send(
                HttpRequest.newBuilder(uri("/api/events"))
                        .header("Accept", "text/event-stream")
                        .header("Authorization", TOKEN)
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofInputStream());
    }

    private HttpResponse<String> withToken(String path) {
        return send(HttpRequest.newBuilder(uri(path))
                        .header("Authorization", TOKEN)
                        .GET())
                .raw();
    }
}
