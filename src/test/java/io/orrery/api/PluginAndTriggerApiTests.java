package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Plugins (status, progress, commands), triggers and statistics over real HTTP. */
class PluginAndTriggerApiTests extends ApiTestSupport {

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void listsThePluginsAndTheirProgress() {
        Response r = get("/api/plugins");
        assertThat(r.status()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        r.json().forEach(p -> names.add(p.get("name").asText()));
        assertThat(names).containsExactlyInAnyOrder("echo", "poses");

        JsonNode echo = get("/api/plugins/echo").json();
        assertThat(echo.get("filename").asText()).isEqualTo("orrery-test-echo");
        assertThat(echo.get("owner").asText()).isEqualTo("world");
        assertThat(echo.get("state").asText()).isEqualTo("STARTED");
        assertThat(echo.get("error").isNull()).isTrue();
        assertThat(echo.get("startedAt").isNull()).isFalse();
        assertThat(echo.get("required").asBoolean()).isFalse();

        JsonNode progress = get("/api/plugins/progress").json();
        assertThat(progress.get("started").asInt()).isEqualTo(2);
        assertThat(progress.get("total").asInt()).isEqualTo(2);
        assertThat(progress.get("allStarted").asBoolean()).isTrue();

        Response unknown = get("/api/plugins/nope");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.header("Content-Type")).startsWith("application/problem+json");
    }

    @Test
    void runsAPluginCommandWithItsArguments() {
        Response r = postJson("/api/plugins/echo/commands/echo", "{\"b\": \"2\", \"a\": \"one\"}");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("arguments").get("a").asText()).isEqualTo("one");
        assertThat(r.json().get("arguments").get("b").asText()).isEqualTo("2");

        Response noBody = post("/api/plugins/echo/commands/echo");
        assertThat(noBody.status()).isEqualTo(200);
        assertThat(noBody.json().get("arguments").size()).isZero();

        Response unknownCommand = post("/api/plugins/echo/commands/nope");
        assertThat(unknownCommand.status()).isEqualTo(404);
        assertThat(unknownCommand.json().get("detail").asText()).contains("echo, fail");
        assertThat(post("/api/plugins/nope/commands/echo").status()).isEqualTo(404);

        Response failed = post("/api/plugins/echo/commands/fail");
        assertThat(failed.status()).isEqualTo(500);
        assertThat(failed.json().get("detail").asText()).contains("asked to fail");
    }

    @Test
    void addsTriggersAndRecordsTheirFiring() {
        Response added = postJson(
                "/api/triggers", "{\"event\": \"next\", \"action\": \"realtime_factor=3\", \"label\": \"nudge\"}");
        assertThat(added.status()).isEqualTo(201);
        assertThat(added.json().get("source").asText()).isEqualTo("api");
        assertThat(added.json().get("event").asText()).isEqualTo("next");
        List<String> labels = new ArrayList<>();
        get("/api/triggers").json().forEach(t -> labels.add(t.get("label").asText()));
        assertThat(labels).contains("nudge");

        post("/api/simulation/step?count=2");
        JsonNode history = get("/api/triggers/history").json();
        List<String> fired = new ArrayList<>();
        history.forEach(f -> fired.add(f.get("label").asText()));
        assertThat(fired).contains("nudge");
        assertThat(get("/api/simulation").json().get("realTimeFactor").asDouble())
                .isEqualTo(3.0);
    }

    @Test
    void aBadTriggerIs400WithTheParseMessage() {
        Response r = postJson("/api/triggers", "{\"event\": \"whenever\", \"action\": \"stop\", \"label\": \"bad\"}");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("detail").asText()).contains("trigger 'bad'").contains("whenever");
        assertThat(postJson("/api/triggers", "{\"action\": \"stop\"}").status()).isEqualTo(400);
        List<String> labels = new ArrayList<>();
        get("/api/triggers").json().forEach(t -> labels.add(t.path("label").asText()));
        assertThat(labels).doesNotContain("bad");
    }
}
