package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/systems} and the same table in {@code /actuator/simulation}, over real HTTP: each phase's
 * systems in execution order, where each came from, and timings once the world has run for a second.
 */
class SystemsApiTests extends ApiTestSupport {

    @Test
    void listsEveryPhasesSystemsInExecutionOrderWithTheirOriginsAndTimings() throws Exception {
        ApiFixtures.pausedAndReset(this);
        assertThat(post("/api/simulation/resume").status()).isEqualTo(200);
        long deadline = System.nanoTime() + 60_000_000_000L;
        JsonNode view = get("/api/systems").json();
        while (view.get("windowSeconds").asDouble() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            view = get("/api/systems").json();
        }
        post("/api/simulation/pause");

        // The window is one second of the runner's clock, closed at the end of a phase: a step or so over 1 s.
        assertThat(view.get("windowSeconds").asDouble()).isBetween(1.0, 2.0);
        List<String> phases = new ArrayList<>();
        view.get("phases").forEach(p -> phases.add(p.get("phase").asText()));
        assertThat(phases).containsExactly("PreUpdate", "Update", "PostUpdate", "Reset");

        JsonNode update = phase(view, "Update");
        JsonNode physics = update.get(0);
        assertThat(physics.get("order").asInt()).isEqualTo(1);
        assertThat(physics.get("name").asText()).isEqualTo("physics");
        assertThat(physics.get("priority").asInt()).isEqualTo(-64);
        assertThat(physics.get("prioritySource").asText()).isEqualTo("Prioritized");
        assertThat(physics.get("origin").get("kind").asText()).isEqualTo("built-in");
        assertThat(physics.get("calls").asLong()).isPositive();
        assertThat(physics.get("meanMicros").asDouble()).isPositive();
        assertThat(physics.get("p99Micros").asDouble()).isPositive();

        assertThat(find(view, "devices").get("origin").get("description").asText())
                .isEqualTo("built-in");

        for (JsonNode phase : view.get("phases")) {
            int previous = Integer.MIN_VALUE;
            for (JsonNode system : phase.get("systems")) {
                assertThat(system.get("priority").asInt())
                        .as("%s in %s", system.get("name"), phase.get("phase"))
                        .isGreaterThanOrEqualTo(previous);
                previous = system.get("priority").asInt();
            }
        }

        JsonNode actuator = get("/actuator/simulation").json().get("systems");
        assertThat(actuator.get("phases").size()).isEqualTo(4);
        assertThat(phase(actuator, "Update").get(0).get("name").asText()).isEqualTo("physics");
    }

    private static JsonNode phase(JsonNode view, String name) {
        for (JsonNode p : view.get("phases")) {
            if (p.get("phase").asText().equals(name)) {
                return p.get("systems");
            }
        }
        throw new AssertionError("no phase " + name + " in " + view);
    }

    private static JsonNode find(JsonNode view, String name) {
        for (JsonNode p : view.get("phases")) {
            for (JsonNode s : p.get("systems")) {
                if (s.get("name").asText().equals(name)) {
                    return s;
                }
            }
        }
        throw new AssertionError("no system " + name + " in " + view);
    }
}
