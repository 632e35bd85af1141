package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A controller's hold is never left behind by a host that died: the control socket pings its clients, and a
 * connection that answers nothing for orrery.control.idle-timeout (here 1 s) loses its hold (the world stays paused,
 * the {@code control} event says why) and is closed; an operator can release a hold with
 * {@code DELETE /api/simulation/controller}. Connections are capped (orrery.api.max-control-connections, here 3).
 * The dead host is a raw socket that completed the handshake and then answers no ping: TCP stays up (its kernel
 * acknowledges every byte), as it does when a program hangs or a NAT forgets the connection's way back.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.control.idle-timeout=1s",
            "orrery.api.max-control-connections=3"
        })
class ControlHoldTests extends ApiTestSupport {

    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(1);

    @BeforeEach
    void loadedAndReleased() throws Exception {
        ApiFixtures.awaitLoaded(this);
        await(() -> get("/api/simulation").json().get("controller").isNull(), "no controller from an earlier test");
    }

    @Test
    void aHoldWhoseConnectionAnswersNoPingIsReleasedAndTheWorldStaysPaused() throws Exception {
        try (SseClient events = SseClient.connect(this, "/api/events?events=control,stats");
                RawWebSocket dead = RawWebSocket.connect(port, "/api/control")) {
            long lastSent = System.nanoTime(); // the server hears the client last after this
            dead.sendText("{\"op\": \"acquire\", \"id\": 1}");
            JsonNode acquired = JSON.readTree(dead.readText());
            assertThat(acquired.get("op").asText()).isEqualTo("acquired");
            String holder = acquired.get("holder").asText();
            assertThat(get("/api/simulation").json().get("controller").asText()).isEqualTo(holder);
            assertThat(events.awaitEvent("control").get("event").asText()).isEqualTo("acquired");
            // from here the host is dead: it reads nothing more and answers no ping

            JsonNode released =
                    events.awaitEvent("control", e -> e.get("event").asText().equals("released"));

            assertThat(System.nanoTime() - lastSent)
                    .as("held at least the idle timeout after its last frame")
                    .isGreaterThanOrEqualTo(IDLE_TIMEOUT.toNanos());
            assertThat(released.get("holder").asText()).isEqualTo(holder);
            assertThat(released.get("reason").asText()).contains("answered no ping", "orrery.control.idle-timeout");
            JsonNode status = get("/api/simulation").json();
            assertThat(status.get("controller").isNull()).isTrue();
            assertThat(status.get("paused").asBoolean())
                    .as("the world stays paused")
                    .isTrue();
            assertThat(post("/api/simulation/step?count=2").status())
                    .as("others may step again")
                    .isEqualTo(200);
        }
    }

    @Test
    void aControllerThatAnswersPingsKeepsItsHoldHoweverLongItThinks() throws Exception {
        // Java's WebSocket answers pings by itself, as every WebSocket library does
        try (ControlClient quiet = ControlClient.connect(port)) {
            String holder = quiet.call(quiet.request("acquire")).get("holder").asText();

            Thread.sleep(4 * IDLE_TIMEOUT.toMillis()); // thinking, sending nothing

            assertThat(get("/api/simulation").json().get("controller").asText()).isEqualTo(holder);
            ObjectNode step = quiet.request("step");
            step.put("count", 3);
            assertThat(quiet.call(step).get("op").asText()).isEqualTo("stepped");
            assertThat(quiet.closedBecause()).isNull();
            quiet.call(quiet.request("release"));
        }
    }

    @Test
    void anOperatorReleasesAHoldWithDeleteAndTheHolderIsToldAtItsNextStep() throws Exception {
        try (SseClient events = SseClient.connect(this, "/api/events?events=control,stats");
                ControlClient holder = ControlClient.connect(port)) {
            String name = holder.call(holder.request("acquire")).get("holder").asText();

            Response someoneElse = delete("/api/simulation/controller?holder=control%20connection%200");
            assertThat(someoneElse.status()).as("%s", someoneElse).isEqualTo(409);
            assertThat(someoneElse.json().get("holder").asText()).isEqualTo(name);
            assertThat(get("/api/simulation").json().get("controller").asText()).isEqualTo(name);

            Response released = send(HttpRequest.newBuilder(uri("/api/simulation/controller?holder="
                            + java.net.URLEncoder.encode(name, java.nio.charset.StandardCharsets.UTF_8)))
                    .DELETE());
            assertThat(released.status()).as("%s", released).isEqualTo(200);
            assertThat(released.json().get("released").asText()).isEqualTo(name);
            assertThat(released.json().at("/simulation/controller").isNull()).isTrue();
            assertThat(released.json().at("/simulation/paused").asBoolean()).isTrue();
            assertThat(events.awaitEvent("control", e -> e.get("event").asText().equals("released"))
                            .get("reason")
                            .asText())
                    .isEqualTo("released by an operator");

            JsonNode refused = holder.call(holder.request("step"));
            assertThat(refused.get("status").asInt()).isEqualTo(409);
            assertThat(refused.get("detail").asText()).contains("no longer holds");
            assertThat(delete("/api/simulation/controller").status())
                    .as("nobody holds it")
                    .isEqualTo(404);
            // the same connection may take the hold again, and then really holds it
            assertThat(holder.call(holder.request("acquire")).get("op").asText())
                    .isEqualTo("acquired");
            assertThat(get("/api/simulation").json().get("controller").asText()).isEqualTo(name);
            assertThat(delete("/api/simulation/controller").status()).isEqualTo(200);
        }
    }

    @Test
    void connectionsBeyondTheCapAreClosedWithTryAgainLater() throws Exception {
        List<ControlClient> open = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                ControlClient c = ControlClient.connect(port);
                open.add(c);
                assertThat(c.call(c.request("observe")).get("op").asText()).isEqualTo("observed");
            }
            ControlClient fourth = ControlClient.connect(port);
            open.add(fourth);
            await(() -> fourth.closedBecause() != null, "the fourth connection closed");
            assertThat(fourth.closedBecause()).startsWith("1013").contains("orrery.api.max-control-connections");

            open.remove(0).close();
            await(
                    () -> {
                        try (ControlClient again = ControlClient.connect(port)) {
                            Thread.sleep(100);
                            return again.closedBecause() == null
                                    && again.call(again.request("observe"))
                                            .get("op")
                                            .asText()
                                            .equals("observed");
                        } catch (Exception | AssertionError e) {
                            return false;
                        }
                    },
                    "a connection let in once one has closed");
        } finally {
            open.forEach(ControlClient::close);
        }
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
