package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.api.CommandQueueLimitTests.GatePlugin;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

/**
 * Publishes waiting for the runner are bounded by their size too: the count bound (orrery.max-pending-commands, 1024)
 * let 1024 publishes of up to a megabyte each wait during a step batch, and 20,000 publishes grew the process by
 * 230 MB. Past orrery.max-pending-publish-bytes of messages waiting, one more publish is refused at once with 503 and
 * Retry-After, as a full queue is; every publish accepted is still delivered, in order.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.max-pending-publish-bytes=1MB",
            "orrery.plugins[0].name=gate",
            "orrery.plugins[0].filename=orrery-test-gate"
        })
@Import(CommandQueueLimitTests.GateConfiguration.class)
class PendingPublishBytesTests extends ApiTestSupport {

    @AfterEach
    void openTheGate() {
        GatePlugin.open();
    }

    @Test
    void publishesBeyondTheSizeBoundAre503AndEveryAcceptedOneIsDelivered() throws Exception {
        ApiFixtures.awaitLoaded(this);
        GatePlugin.closeAndAwaitTheRunner(); // the runner busy in a step, as in a long batch
        int before = GatePlugin.TEXTS.get();
        String body = "{\"data\": \"" + "x".repeat(200_000) + "\"}"; // 200,003 bytes on the wire

        for (int i = 0; i < 5; i++) { // 5 x 200,003 bytes fit in 1 MB (1,048,576 bytes)
            Response accepted = postJson("/api/topics" + CommandQueueLimitTests.TEXT_TOPIC, body);
            assertThat(accepted.status()).as("publish %d: %s", i, accepted).isEqualTo(202);
        }
        Response refused = postJson("/api/topics" + CommandQueueLimitTests.TEXT_TOPIC, body);

        assertThat(refused.status()).as("%s", refused).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(refused.json().get("detail").asText()).contains("orrery.max-pending-publish-bytes");
        assertThat(postJson("/api/topics" + CommandQueueLimitTests.TOPIC, "{\"data\": 1}")
                        .status())
                .as("a small publish still fits")
                .isEqualTo(202);

        GatePlugin.open();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (GatePlugin.TEXTS.get() < before + 5) {
            assertThat(System.nanoTime()).as("every accepted publish delivered").isLessThan(deadline);
            Thread.sleep(10);
        }
        assertThat(GatePlugin.TEXTS.get()).isEqualTo(before + 5);
        assertThat(postJson("/api/topics" + CommandQueueLimitTests.TEXT_TOPIC, body)
                        .status())
                .isEqualTo(202);
    }
}
