package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.gz.msgs.DoubleProtos;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Scope;

/**
 * The runner's command queue is bounded (orrery.max-pending-commands): while the runner is busy (here: held inside a
 * step's PreUpdate, as a long step batch or a slow reload would hold it), topic publishes are accepted (202) until
 * the bound, then refused at once with 503 and Retry-After, over HTTP and as an error frame on the control socket.
 * Every publish accepted is delivered once the runner is free: nothing is dropped to make room. Before the bound, a
 * flood was accepted without end and grew the heap until the JVM died.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.max-pending-commands=16",
            "orrery.plugins[0].name=gate",
            "orrery.plugins[0].filename=orrery-test-gate"
        })
@Import(CommandQueueLimitTests.GateConfiguration.class)
class CommandQueueLimitTests extends ApiTestSupport {

    static final int LIMIT = 16;
    static final String TOPIC = "/test/count";
    static final String TEXT_TOPIC = "/test/text";

    @AfterEach
    void openTheGate() {
        GatePlugin.open();
    }

    @Test
    void publishesBeyondTheBoundAre503WithRetryAfterAndEveryAcceptedOneIsDelivered() throws Exception {
        ApiFixtures.awaitLoaded(this);
        GatePlugin.closeAndAwaitTheRunner();
        int before = GatePlugin.RECEIVED.get();

        for (int i = 0; i < LIMIT; i++) {
            Response accepted = postJson("/api/topics" + TOPIC, "{\"data\": " + i + "}");
            assertThat(accepted.status()).as("publish %d: %s", i, accepted).isEqualTo(202);
        }
        Response refused = postJson("/api/topics" + TOPIC, "{\"data\": 99}");

        assertThat(refused.status()).as("%s", refused).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
        assertThat(refused.json().get("detail").asText())
                .contains("16 commands waiting", "orrery.max-pending-commands");
        assertThat(refused.json().get("limit").asInt()).isEqualTo(LIMIT);
        try (ControlClient control = ControlClient.connect(port)) {
            JsonNode error = control.call(control.request("acquire"));
            assertThat(error.get("op").asText()).isEqualTo("error");
            assertThat(error.get("status").asInt()).isEqualTo(503);
            assertThat(error.get("detail").asText()).contains("orrery.max-pending-commands");
        }

        GatePlugin.open();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (GatePlugin.RECEIVED.get() < before + LIMIT) {
            assertThat(System.nanoTime()).as("every accepted publish delivered").isLessThan(deadline);
            Thread.sleep(10);
        }
        assertThat(GatePlugin.RECEIVED.get()).isEqualTo(before + LIMIT);
        assertThat(GatePlugin.LAST.get()).isEqualTo(LIMIT - 1); // in order, the refused one never
        assertThat(postJson("/api/topics" + TOPIC, "{\"data\": 100}").status()).isEqualTo(202);
    }

    @Test
    void stopAndPauseAreNeverRefusedForRoom() throws Exception {
        ApiFixtures.awaitLoaded(this);
        assertThat(post("/api/simulation/resume").status()).isEqualTo(200);
        GatePlugin.closeAndAwaitTheRunner();
        for (int i = 0; i < LIMIT; i++) {
            assertThat(postJson("/api/topics" + TOPIC, "{\"data\": " + i + "}").status())
                    .isEqualTo(202);
        }
        assertThat(postJson("/api/topics" + TOPIC, "{\"data\": 99}").status()).isEqualTo(503);

        java.util.concurrent.CompletableFuture<io.orrery.runner.port.SimulationStatus> pause =
                runner.control().pause();
        assertThat(pause).isNotCompletedExceptionally();
        GatePlugin.open();
        assertThat(pause.get(30, TimeUnit.SECONDS).paused()).isTrue();
    }

    /** Holds the runner inside PreUpdate while closed; counts the messages on {@value #TOPIC}. */
    @OrreryPlugin(filename = "orrery-test-gate")
    static class GatePlugin implements Plugin, PreUpdate, Stateless {

        static final AtomicInteger RECEIVED = new AtomicInteger();
        static final AtomicInteger LAST = new AtomicInteger(-1);
        static final AtomicInteger TEXTS = new AtomicInteger();
        private static volatile CountDownLatch gate = new CountDownLatch(0);
        private static volatile CountDownLatch held = new CountDownLatch(1);

        static void closeAndAwaitTheRunner() throws InterruptedException {
            held = new CountDownLatch(1);
            gate = new CountDownLatch(1);
            assertThat(held.await(30, TimeUnit.SECONDS))
                    .as("the runner held at the gate")
                    .isTrue();
        }

        static void open() {
            gate.countDown();
        }

        @Override
        public void awake(PluginContext context) {}

        @Override
        public void start(PluginContext context) {
            context.topics().subscribe(TOPIC, DoubleProtos.Double.class, context.qualifiedName(), d -> {
                RECEIVED.incrementAndGet();
                LAST.set((int) d.getData());
            });
            context.topics()
                    .subscribe(
                            TEXT_TOPIC,
                            com.gz.msgs.StringMsgProtos.StringMsg.class,
                            context.qualifiedName(),
                            m -> TEXTS.incrementAndGet());
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            CountDownLatch g = gate;
            if (g.getCount() > 0) {
                held.countDown();
                try {
                    g.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class GateConfiguration {
        @Bean
        @Scope("prototype")
        GatePlugin gatePlugin() {
            return new GatePlugin();
        }
    }
}
