package io.orrery.builtin;

import static io.orrery.builtin.BuiltinTestSupport.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.orrery.builtin.LifecycleBridgePlugin.Stats;
import io.orrery.plugin.CollectingSink;
import io.orrery.plugin.FakeWorldAccess;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginOwner;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.plugin.internal.PluginHost;
import io.orrery.plugin.internal.PluginHostOptions;
import io.orrery.world.PluginSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LifecycleBridgePluginTests {

    /** What the test server answers to the n-th request (0-based); it may block. */
    interface Responder {
        int status(int request) throws InterruptedException;
    }

    private final BlockingQueue<String> bodies = new LinkedBlockingQueue<>();
    private final AtomicInteger requests = new AtomicInteger();
    private final CountDownLatch releaseServer = new CountDownLatch(1);
    private volatile Responder responder = n -> 204;
    private HttpServer server;
    private ExecutorService serverThreads;
    private PluginHost host;
    private final FakeWorldAccess world =
            new FakeWorldAccess(new WorldSnapshot("warehouse", 1500, 1_500_000_000L, List.of(), 0));

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        serverThreads = Executors.newCachedThreadPool();
        server.setExecutor(serverThreads);
        server.createContext("/lifecycle", this::handle);
        server.start();
    }

    @AfterEach
    void stop() {
        releaseServer.countDown();
        if (host != null) {
            host.endAll();
        }
        server.stop(0);
        serverThreads.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            int n = requests.getAndIncrement();
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            int status = responder.status(n);
            exchange.sendResponseHeaders(status, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/lifecycle";
    }

    private PluginHost start(PluginSpec spec) {
        PluginRegistry registry = Extensions.discovered().plugins();
        host = new PluginHost(
                registry,
                List.of(new OwnedPluginSpec(PluginOwner.world(), spec)),
                world,
                new CollectingSink(),
                PluginHostOptions.defaults());
        host.startAll(Duration.ofSeconds(20));
        return host;
    }

    private Stats stats() throws Exception {
        return (Stats) host.command("bridge.stats").orElseThrow().run(Map.of());
    }

    /** Polls the stats until they match; the deadline only keeps a broken test from hanging. */
    private Stats awaitStats(Predicate<Stats> done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Stats s = stats();
        while (!done.test(s) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            s = stats();
        }
        return s;
    }

    private String nextBody() throws InterruptedException {
        String body = bodies.poll(20, TimeUnit.SECONDS);
        assertThat(body).as("a request reached the server").isNotNull();
        return body;
    }

    @Test
    void postsResetStartAndStopInOrderAndIgnoresOtherEvents() throws Exception {
        start(spec("bridge", "orrery-lifecycle-bridge", "endpoint", endpoint()));

        host.broadcast(new PluginEvent.Reset());
        host.broadcast(new PluginEvent.Paused());
        host.broadcast(new PluginEvent.SimulationStarted());
        host.broadcast(new PluginEvent.ModelAdded("robot"));
        host.broadcast(new PluginEvent.Stopped());

        assertThat(nextBody()).isEqualTo("{\"event\":\"reset\",\"world\":\"warehouse\",\"simTime\":1.5}");
        assertThat(nextBody()).isEqualTo("{\"event\":\"started\",\"world\":\"warehouse\",\"simTime\":1.5}");
        assertThat(nextBody()).isEqualTo("{\"event\":\"stopped\",\"world\":\"warehouse\",\"simTime\":1.5}");
        assertThat(awaitStats(s -> s.pending() == 0)).isEqualTo(new Stats(3, 0, 0));
        assertThat(requests.get()).isEqualTo(3);
    }

    @Test
    void retriesAfterAServerError() throws Exception {
        responder = n -> n == 0 ? 500 : 204;
        start(spec("bridge", "orrery-lifecycle-bridge", "endpoint", endpoint(), "backoff_ms", "10"));

        host.broadcast(new PluginEvent.Reset());

        String first = nextBody();
        assertThat(nextBody()).isEqualTo(first);
        assertThat(awaitStats(s -> s.pending() == 0)).isEqualTo(new Stats(1, 0, 0));
        assertThat(requests.get()).isEqualTo(2);
    }

    @Test
    void onEventReturnsWhileTheEndpointHasNotAnswered() throws Exception {
        CountDownLatch answered = new CountDownLatch(1);
        responder = n -> {
            releaseServer.await(30, TimeUnit.SECONDS);
            answered.countDown();
            return 204;
        };
        // A minute's timeout and no retries: a blocking onEvent would hold the caller far beyond the guard.
        start(spec("bridge", "orrery-lifecycle-bridge", "endpoint", endpoint(), "timeout_ms", "60000", "retries", "0"));

        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> host.broadcast(new PluginEvent.Reset()));

        nextBody();
        assertThat(answered.getCount()).as("the server has not answered yet").isEqualTo(1);
        assertThat(stats()).isEqualTo(new Stats(0, 0, 1));
        releaseServer.countDown();
        assertThat(awaitStats(s -> s.pending() == 0)).isEqualTo(new Stats(1, 0, 0));
    }

    @Test
    void attemptsThatTimeOutAreRetriedThenCountedFailed() throws Exception {
        responder = n -> {
            releaseServer.await(30, TimeUnit.SECONDS);
            return 204;
        };
        start(spec(
                "bridge",
                "orrery-lifecycle-bridge",
                "endpoint",
                endpoint(),
                "timeout_ms",
                "200",
                "retries",
                "1",
                "backoff_ms",
                "10"));

        host.broadcast(new PluginEvent.Stopped());

        assertThat(awaitStats(s -> s.pending() == 0)).isEqualTo(new Stats(0, 1, 0));
        assertThat(requests.get()).isEqualTo(2);
    }

    @Test
    void refusesAnEndpointThatIsNotAnHttpUrl() {
        start(spec("bridge", "orrery-lifecycle-bridge", "endpoint", "ftp://bridge/x"));

        assertThat(host.statuses().get(0).state()).isEqualTo(PluginState.FAILED);
        assertThat(host.statuses().get(0).error())
                .contains(
                        "awake failed: plugin 'bridge' "
                                + "(orrery-lifecycle-bridge, line 7): <endpoint> must be an http or https URL, got 'ftp://bridge/x'");
        assertThat(host.command("bridge.stats")).isEmpty();
    }

    @Test
    void escapesTheWorldNameInJson() {
        assertThat(LifecycleBridgePlugin.jsonString("a\"b\\c\n\u0001")).isEqualTo("\"a\\\"b\\\\c\\n\\u0001\"");
    }
}
