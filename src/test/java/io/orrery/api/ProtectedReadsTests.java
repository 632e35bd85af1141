package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

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
@TestPropertySource(properties = {"orrery.api.token=s3cret-token", "orrery.api.protect-reads=true",
        "orrery.api.max-event-clients=2"})
class ProtectedReadsTests extends ApiTestSupport {

    static final String TOKEN = "Bearer s3cret-token";

    @Autowired
    EventStream eventStream;

    @BeforeEach
    void loaded() throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (withToken("/actuator/health/readiness").statusCode() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    @Test
    void readsNeedTheTokenExceptHealth() {
        for (String path : List.of("/api/simulation", "/api/models", "/api/world/sdf", "/api/events",
                "/actuator/simulation", "/actuator/info", "/v3/api-docs")) {
            Response none = get(path);
            assertThat(none.status()).as(path).isEqualTo(401);
            assertThat(none.header("Content-Type")).as(path).startsWith("application/problem+json");
        }
        assertThat(withToken("/api/simulation").statusCode()).isEqualTo(200);
        assertThat(withToken("/actuator/info").statusCode()).isEqualTo(200);

        assertThat(get("/actuator/health").status()).isEqualTo(200);
        assertThat(get("/actuator/health").json().get("components").get("simulation").has("details")).isFalse();
        assertThat(get("/actuator/health/liveness").status()).isEqualTo(200);
        assertThat(get("/actuator/health/readiness").status()).isEqualTo(200);
    }

    /**
     * Health stays open for probes, and nothing else may pass for it: a path that starts as health and then climbs
     * out (dot segments, path parameters, their encodings) is a read like any other. Sent byte for byte.
     */
    @Test
    void noSpellingPassesAnotherReadOffAsHealth() throws Exception {
        List<String> leaked = new ArrayList<>();
        for (String target : List.of("/api/simulation", "/actuator/info")) {
            String up = target.startsWith("/api") ? "../.." : "..";
            for (String health : List.of("/actuator/health/", "/actuator/health/liveness/")) {
                String climb = health.endsWith("liveness/") ? up + "/.." : up;
                for (String path : List.of(health + climb + target, health + climb.replace("..", "..;") + target,
                        health + climb.replace("..", "%2e%2e") + target, health + climb.replace("..", ".%2E")
                                + target, health.replace("health/", "health;x/") + climb + target,
                        health + climb.replace("/", "%2F") + target, health + climb.replace("/", "//") + target)) {
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
        return client.send(HttpRequest.newBuilder(uri("/api/events")).header("Accept", "text/event-stream")
                .header("Authorization", TOKEN).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    private HttpResponse<String> withToken(String path) {
        return send(HttpRequest.newBuilder(uri(path)).header("Authorization", TOKEN).GET()).raw();
    }
}
