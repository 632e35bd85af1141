package io.orrery.transport.foxglove;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.api.DiffDriveApplication;
import io.orrery.app.ControlHold;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldId;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * What the Foxglove server refuses, and a client that stops reading, on Gazebo's diff_drive.sdf with a token set:
 * a refused service call names the connection's or the world's state and what is allowed, and a stalled client is
 * bounded (its oldest messages dropped) while the world steps on and another client keeps up.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.api.token=" + FoxgloveRefusalTests.TOKEN,
            "orrery.foxglove.max-queued-messages=" + FoxgloveRefusalTests.MAX_QUEUED
        })
class FoxgloveRefusalTests extends DiffDriveApplication {

    static final String TOKEN = "s3cret";
    static final int MAX_QUEUED = 16;
    static final String WITH_TOKEN = "?access_token=" + TOKEN;
    static final long SECOND = 1_000_000_000L;

    @Autowired
    FoxgloveConfiguration foxglove;

    @Autowired
    ControlHold hold;

    @Autowired
    WorldControl control;

    @BeforeEach
    void pausedAtLoad() throws Exception {
        awaitPaused();
        runner.control().reset().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aServiceCallWithoutTheTokenNamesWhatTheConnectionMayDo() throws Exception {
        try (FoxgloveTestClient c = FoxgloveTestClient.connect(port, "", "foxglove.websocket.v1")) {
            assertThat(c.nextOp("serverInfo").at("/metadata/control").asText()).contains("needs the token");
            c.send(FoxgloveTestClient.serviceCall(FoxgloveServerTests.STEP_SERVICE, 9, "{\"count\": 1}"));
            JsonNode failure = c.nextOp("serviceCallFailure");
            assertThat(failure.get("callId").asInt()).isEqualTo(9);
            assertThat(failure.get("message").asText())
                    .startsWith("/orrery/step needs the token (orrery.api.token)")
                    .contains("opened without it", "may subscribe, unsubscribe and get parameters")
                    .contains("?access_token=<token>");
            assertThat(runner.reads().status().iterations())
                    .as("nothing stepped")
                    .isZero();
        }
    }

    @Test
    void aServiceCallWhileAControllerHoldsTheWorldNamesTheHolderTheStateAndWhatIsAllowed() throws Exception {
        hold.acquire(WorldId.DEFAULT, "lockstep-7").get(30, TimeUnit.SECONDS);
        try (FoxgloveTestClient c = FoxgloveTestClient.connect(port, WITH_TOKEN, "foxglove.websocket.v1")) {
            c.send(FoxgloveTestClient.serviceCall(FoxgloveServerTests.STEP_SERVICE, 11, "{\"count\": 5}"));
            JsonNode failure = c.nextOp("serviceCallFailure");
            assertThat(failure.get("callId").asInt()).isEqualTo(11);
            String allowed = String.join(", ", runner.reads().allowedCommands());
            assertThat(failure.get("message").asText())
                    .contains("held by lockstep-7")
                    .contains("(state " + runner.reads().status().state() + ")")
                    .contains("allowed: ");
            assertThat(runner.reads().status().iterations())
                    .as("nothing stepped")
                    .isZero();
            assertThat(allowed).isNotEmpty();
        } finally {
            hold.release(WorldId.DEFAULT, Optional.empty()).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aClientThatStopsReadingIsBoundedWhileTheWorldStepsOnAndOthersKeepUp() throws Exception {
        try (FoxgloveTestClient reader = FoxgloveTestClient.connect(port, WITH_TOKEN, "foxglove.websocket.v1")) {
            // channel ids are the server's, the same for every client: the reading client learns them
            Map<String, JsonNode> channels = FoxgloveServerTests.channelsUntil(
                    reader, "/clock", FoxgloveServer.TRANSFORMS, FoxgloveServerTests.ODOM);
            StringJoiner all = new StringJoiner(",", "{\"op\":\"subscribe\",\"subscriptions\":[", "]}");
            int id = 1;
            for (JsonNode ch : channels.values()) {
                all.add("{\"id\":" + id++ + ",\"channelId\":" + ch.get("id").asInt() + "}");
            }
            reader.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1,\"channelId\":"
                    + channels.get("/clock").get("id").asInt() + "}]}");
            Set<Connection> before = new HashSet<>(foxglove.server().clients());
            FoxgloveTestClient stalled = FoxgloveTestClient.connectStalled(port, WITH_TOKEN);
            Connection slow = stalledConnection(before);
            stalled.send(all.toString()); // every channel, never read
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a guard, not a measure
            while (slow.subscriptions.size() < channels.size()) {
                assertThat(System.nanoTime())
                        .as("the stalled client subscribed")
                        .isLessThan(deadline);
                Thread.sleep(10);
            }

            // 20 s of sim time, some 10 MB of frames for the stalled client: far past what the kernel's socket
            // buffers hold, so its queue fills and drops; the steps complete regardless (a guard, not a measure)
            control.step(WorldId.DEFAULT, 20_000).get(120, TimeUnit.SECONDS);
            assertThat(runner.reads().status().simTimeNanos()).isEqualTo(20 * SECOND);

            ByteBuffer last;
            do {
                last = reader.nextMessage(1);
            } while (last.getLong(5) < 20 * SECOND);
            assertThat(last.getLong(5))
                    .as("the reading client's clock reached the end")
                    .isEqualTo(20 * SECOND);

            assertThat(slow.dropped())
                    .as("messages dropped for the stalled client")
                    .isPositive();
            assertThat(slow.queued()).isLessThanOrEqualTo(MAX_QUEUED);
            stalled.socket.abort();
        }
    }

    /** The server's side of the client that connected after {@code before} were there. */
    private Connection stalledConnection(Set<Connection> before) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a guard, not a measure
        while (true) {
            for (Connection c : foxglove.server().clients()) {
                if (!before.contains(c)) {
                    return c;
                }
            }
            assertThat(System.nanoTime()).as("the stalled client is connected").isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
