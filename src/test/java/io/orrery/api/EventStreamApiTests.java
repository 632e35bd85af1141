package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The Server-Sent Events stream, read line by line as a client would. */
class EventStreamApiTests extends ApiTestSupport {

    @Autowired
    EventStream eventStream;

    private SseClient sse;
    private BlockingQueue<SseClient.Event> events;

    @BeforeEach
    void connect() throws Exception {
        ApiFixtures.pausedAndReset(this);
        awaitNoClients(); // the previous test's client is gone
        sse = SseClient.connect(this, "/api/events");
        events = sse.events;
    }

    @AfterEach
    void disconnect() throws Exception {
        sse.close();
    }

    @Test
    void transitionsArriveInOrder() throws Exception {
        awaitEvent("stats"); // connected: the first events are there
        assertThat(post("/api/simulation/resume").status()).isEqualTo(200);
        assertThat(post("/api/simulation/pause").status()).isEqualTo(200);
        assertThat(post("/api/simulation/resume").status()).isEqualTo(200);
        assertThat(post("/api/simulation/pause").status()).isEqualTo(200);

        List<JsonNode> states = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (count(states, "PAUSE") < 2 && System.nanoTime() < deadline) {
            SseClient.Event e = events.poll(100, TimeUnit.MILLISECONDS);
            if (e != null && e.name().equals("state")) {
                states.add(e.data());
            }
        }
        List<String> lifecycle = states.stream()
                .map(s -> s.get("to").asText())
                .filter(s -> s.equals("PAUSE") || s.equals("RESUME"))
                .toList();
        assertThat(lifecycle).containsExactly("RESUME", "PAUSE", "RESUME", "PAUSE");
        assertThat(states.get(0).get("from").asText()).isEqualTo("PAUSE");
        for (int i = 1; i < states.size(); i++) {
            // each transition starts where the one before ended: none lost, none out of order
            assertThat(states.get(i).get("from").asText())
                    .as("transition " + i)
                    .isEqualTo(states.get(i - 1).get("to").asText());
            assertThat(states.get(i).get("event").asText())
                    .isEqualTo(states.get(i).get("to").asText());
            assertThat(states.get(i).get("simTime").asDouble())
                    .isGreaterThanOrEqualTo(states.get(i - 1).get("simTime").asDouble());
        }
    }

    @Test
    void resetPosesTriggersPluginsAndStatsAreStreamed() throws Exception {
        JsonNode plugins = awaitEvent("plugins");
        assertThat(plugins.get("total").asInt()).isEqualTo(2);
        assertThat(plugins.get("started").asInt()).isEqualTo(2);

        postJson("/api/triggers", "{\"event\": \"next\", \"action\": \"realtime_factor=0\", \"label\": \"streamed\"}");
        post("/api/simulation/step?count=50");
        assertThat(awaitEvent("trigger").get("label").asText()).isEqualTo("streamed");

        JsonNode poses = awaitEvent("poses");
        assertThat(poses.get("world").asText()).isEqualTo("api_world");
        assertThat(poses.get("models").get(0).get("pose").has("yaw")).isTrue();

        post("/api/simulation/reset");
        JsonNode reset = awaitEvent("reset");
        assertThat(reset.get("world").asText()).isEqualTo("api_world");
        assertThat(reset.get("simTime").asDouble()).isEqualTo(0.05, org.assertj.core.api.Assertions.within(1e-9));

        post("/api/simulation/step?count=20");
        // a tick may land between the last StepEnd and the end of the batch: the stats must come to report the
        // batch done and paused
        JsonNode stats = awaitEvent(
                "stats",
                s -> s.get("iterations").asLong() == 20 && s.get("paused").asBoolean());
        assertThat(stats.get("simTime").asDouble())
                .as("20 steps of 1 ms from the reset")
                .isEqualTo(0.020, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(stats.get("dropped").asLong()).isZero();
        assertThat(stats.get("controller").isNull())
                .as("nobody holds the simulation")
                .isTrue();
    }

    @Test
    void aStepBatchIsOneSpanAndTheStateStaysPause() throws Exception {
        awaitEvent("stats"); // connected
        assertThat(post("/api/simulation/step?count=30").status()).isEqualTo(200);

        List<SseClient.Event> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (seen.stream().noneMatch(EventStreamApiTests::spanEnd) && System.nanoTime() < deadline) {
            SseClient.Event e = events.poll(100, TimeUnit.MILLISECONDS);
            if (e != null && (e.name().equals("steps") || e.name().equals("state"))) {
                seen.add(e);
            }
        }
        assertThat(seen).as("the span's two ends, and no transition").hasSize(2);
        JsonNode begin = seen.get(0).data();
        assertThat(begin.get("at").asText()).isEqualTo("STEP_BEGIN");
        assertThat(begin.get("iteration").asLong()).isZero();
        assertThat(begin.get("steps").asLong()).as("the steps asked for").isEqualTo(30);
        JsonNode end = seen.get(1).data();
        assertThat(end.get("iteration").asLong()).isEqualTo(30);
        assertThat(end.get("steps").asLong()).as("the steps taken").isEqualTo(30);
        assertThat(end.get("simTime").asDouble())
                .as("30 steps of 1 ms")
                .isEqualTo(0.030, org.assertj.core.api.Assertions.within(1e-9));
    }

    private static boolean spanEnd(SseClient.Event e) {
        return e.name().equals("steps") && e.data().get("at").asText().equals("STEP_END");
    }

    @Test
    void aClientThatLeavesIsRemoved() throws Exception {
        awaitEvent("stats");
        assertThat(eventStream.clientCount()).isEqualTo(1);
        sse.close();
        awaitNoClients();
        assertThat(eventStream.clientCount()).isZero();
    }

    private void awaitNoClients() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (eventStream.clientCount() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }

    private JsonNode awaitEvent(String name) throws InterruptedException {
        return sse.awaitEvent(name);
    }

    private JsonNode awaitEvent(String name, java.util.function.Predicate<JsonNode> test) throws InterruptedException {
        return sse.awaitEvent(name, test);
    }

    private static long count(List<JsonNode> states, String to) {
        return states.stream().filter(s -> s.get("to").asText().equals(to)).count();
    }
}
