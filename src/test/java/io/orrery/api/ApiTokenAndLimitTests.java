package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * With a token set, changes need it, under {@code /api} and to the actuator alike, and reads stay open; bodies
 * beyond the limit are 413; triggers beyond {@code orrery.api.max-triggers} are 409.
 */
@TestPropertySource(
        properties = {
            "orrery.api.token=s3cret-token",
            "orrery.api.max-request-body=2KB",
            "orrery.api.max-triggers=" + ApiTokenAndLimitTests.MAX_TRIGGERS
        })
class ApiTokenAndLimitTests extends ApiTestSupport {

    static final String TOKEN = "Bearer s3cret-token";
    static final int MAX_TRIGGERS = 3;

    @BeforeEach
    void loaded() {
        ApiFixtures.awaitLoaded(this);
    }

    @Test
    void changesNeedTheTokenAndReadsStayOpen() {
        Response none = post("/api/simulation/step?count=1");
        assertThat(none.status()).isEqualTo(401);
        assertThat(none.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(none.header("Content-Type")).startsWith("application/problem+json");
        assertThat(none.json().get("status").asInt()).isEqualTo(401);

        Response wrong = send(HttpRequest.newBuilder(uri("/api/simulation/step?count=1"))
                .header("Authorization", "Bearer s3cret-tokex")
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(wrong.status()).isEqualTo(401);
        Response basic = send(HttpRequest.newBuilder(uri("/api/models/ball"))
                .header("Authorization", "Basic czNjcmV0LXRva2Vu")
                .DELETE());
        assertThat(basic.status()).isEqualTo(401);
        assertThat(get("/api/models/ball").status()).isEqualTo(200);

        assertThat(get("/api/simulation").status()).isEqualTo(200);
        assertThat(get("/api/models").status()).isEqualTo(200);
        assertThat(get("/api/plugins").status()).isEqualTo(200);
        long before = get("/api/simulation").json().get("iterations").asLong();

        Response withToken = send(HttpRequest.newBuilder(uri("/api/simulation/step?count=3"))
                .header("Authorization", TOKEN)
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(withToken.status()).isEqualTo(200);
        assertThat(withToken.json().get("iterations").asLong()).isEqualTo(before + 3);
    }

    @Test
    void releasingTheControllerNeedsTheToken() {
        Response none = delete("/api/simulation/controller");
        assertThat(none.status()).as("%s", none).isEqualTo(401);
        assertThat(none.header("WWW-Authenticate")).startsWith("Bearer");
        Response withToken = send(HttpRequest.newBuilder(uri("/api/simulation/controller"))
                .header("Authorization", TOKEN)
                .DELETE());
        assertThat(withToken.status()).as("nobody holds it: %s", withToken).isEqualTo(404);
        assertThat(withToken.json().get("detail").asText()).isEqualTo("no controller holds the simulation");
    }

    @Test
    void actuatorWritesNeedTheTokenAndItsReadsStayOpen() {
        Response none = postJson("/actuator/simulation", "{\"action\": \"resume\"}");
        assertThat(none.status()).as("%s", none).isEqualTo(401);
        assertThat(none.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(none.header("Content-Type")).startsWith("application/problem+json");
        assertThat(none.json().get("status").asInt()).isEqualTo(401);
        Response wrong = send(HttpRequest.newBuilder(uri("/actuator/simulation"))
                .header("Authorization", "Bearer s3cret-tokex")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"action\": \"resume\"}")));
        assertThat(wrong.status()).isEqualTo(401);

        Response read = get("/actuator/simulation");
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().get("paused").asBoolean())
                .as("the refused resumes changed nothing")
                .isTrue();
        assertThat(get("/actuator/health/liveness").status()).isEqualTo(200);

        Response withToken = send(HttpRequest.newBuilder(uri("/actuator/simulation"))
                .header("Authorization", TOKEN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"action\": \"resume\"}")));
        assertThat(withToken.status()).as("%s", withToken).isEqualTo(200);
        assertThat(withToken.json().get("paused").asBoolean()).isFalse();
    }

    @Test
    void healthDetailsAreShownOnlyToTheTokenAndProbesStayOpen() {
        Response stranger = get("/actuator/health");
        JsonNode components = stranger.json().get("components");
        assertThat(components.get("simulation").get("status").asText()).isNotBlank();
        assertThat(components.get("simulation").has("details"))
                .as("%s", stranger.json())
                .isFalse();
        assertThat(components.get("plugins").has("details")).isFalse();
        assertThat(send(HttpRequest.newBuilder(uri("/actuator/health"))
                                .header("Authorization", "Bearer nope")
                                .GET())
                        .json()
                        .get("components")
                        .get("simulation")
                        .has("details"))
                .isFalse();

        Response holder = send(HttpRequest.newBuilder(uri("/actuator/health"))
                .header("Authorization", TOKEN)
                .GET());
        assertThat(holder.json()
                        .get("components")
                        .get("simulation")
                        .get("details")
                        .get("world")
                        .asText())
                .isEqualTo("api_world");
        assertThat(get("/actuator/health/liveness").status()).isEqualTo(200);
    }

    @Test
    void bodiesOverTheLimitAre413() {
        String big = "<model name=\"big\">" + "<!-- padding -->".repeat(200) + "</model>"; // > 2 KB
        Response declared = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Authorization", TOKEN)
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(big)));
        assertThat(declared.status()).isEqualTo(413);
        assertThat(declared.header("Content-Type")).startsWith("application/problem+json");

        Response chunked = send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Authorization", TOKEN)
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big.getBytes()))));
        assertThat(chunked.status()).isEqualTo(413);
        assertThat(get("/api/models/big").status()).isEqualTo(404);

        Response smallChunked = send(HttpRequest.newBuilder(uri("/api/simulation/real-time-factor"))
                .header("Authorization", TOKEN)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream("{\"value\": 0}".getBytes()))));
        assertThat(smallChunked.status()).isEqualTo(200);
    }

    @Test
    void triggersBeyondTheCapAre409UntilOneThatFiresLeaves() {
        int paused = withToken(
                        HttpRequest.newBuilder(uri("/api/simulation/pause")).POST(HttpRequest.BodyPublishers.noBody()))
                .status();
        assertThat(paused).as("paused now, or already").isIn(200, 409);
        assertThat(apiTriggers()).as("no other test here arms triggers").isZero();
        // one that fires at the next step and leaves, then ones that wait far in sim time
        assertThat(arm("{\"event\": \"next\", \"action\": \"realtime_factor=0\", \"label\": \"once\"}"))
                .isEqualTo(201);
        for (int i = 1; i < MAX_TRIGGERS; i++) {
            assertThat(arm("{\"event\": \"time=100000\", \"action\": \"pause\", \"sticky\": true}"))
                    .isEqualTo(201);
        }

        Response refused = withToken(trigger("{\"event\": \"time=100000\", \"action\": \"pause\"}"));
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
        assertThat(refused.json().get("property").asText()).isEqualTo("orrery.api.max-triggers");
        assertThat(refused.json().get("limit").asInt()).isEqualTo(MAX_TRIGGERS);
        assertThat(refused.json().get("detail").asText()).contains("orrery.api.max-triggers");
        assertThat(apiTriggers()).isEqualTo(MAX_TRIGGERS);
        // a body that is not a trigger is still 400 at the cap: it is read before the cap is looked at
        assertThat(arm("{\"event\": \"whenever\", \"action\": \"pause\"}")).isEqualTo(400);

        assertThat(withToken(HttpRequest.newBuilder(uri("/api/simulation/step?count=1"))
                                .POST(HttpRequest.BodyPublishers.noBody()))
                        .status())
                .isEqualTo(200);
        assertThat(apiTriggers()).as("'once' fired and left").isEqualTo(MAX_TRIGGERS - 1);
        assertThat(arm("{\"event\": \"time=100000\", \"action\": \"pause\"}")).isEqualTo(201);
    }

    private int apiTriggers() {
        int n = 0;
        for (JsonNode t : get("/api/triggers").json()) {
            n += "api".equals(t.get("source").asText()) ? 1 : 0;
        }
        return n;
    }

    private int arm(String json) {
        return withToken(trigger(json)).status();
    }

    private HttpRequest.Builder trigger(String json) {
        return HttpRequest.newBuilder(uri("/api/triggers"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    private Response withToken(HttpRequest.Builder request) {
        return send(request.header("Authorization", TOKEN));
    }
}
