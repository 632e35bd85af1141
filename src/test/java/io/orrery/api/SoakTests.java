package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A soak: {@value #CLIENTS} clients for {@code orrery.soak.seconds} (10 in the build; the README's figures are of
 * {@code ./mvnw test -Dtest=SoakTests -Dorrery.soak.seconds=60}) reading, pausing, resuming, stepping, resetting,
 * teleporting, spawning and removing models, saving, and opening and closing event streams, all at once. Every
 * answer is 2xx, 404 (a model another client's reset took away) or 409 (a state another client changed first);
 * afterwards the server answers, its state is consistent and no event-stream client is left over.
 */
class SoakTests extends ApiTestSupport {

    static final int CLIENTS = 8;
    static final long SECONDS = Long.getLong("orrery.soak.seconds", 10);

    @Autowired
    EventStream eventStream;

    @BeforeEach
    @AfterEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void eightClientsAtOnceGetOnly2xx404And409() throws Exception {
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<Integer>> clients = new ArrayList<>();
        int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
        for (int c = 0; c < CLIENTS; c++) {
            int id = c;
            clients.add(pool.submit(() -> {
                int requests = 0;
                for (int i = 0; System.nanoTime() < end; i++) {
                    long start = System.nanoTime();
                    int status = request(id, i);
                    latencies.add(System.nanoTime() - start);
                    statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
                    requests++;
                }
                return requests;
            }));
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(SECONDS + 120, TimeUnit.SECONDS)).as("every request answered").isTrue();
        int total = 0;
        for (Future<Integer> f : clients) {
            assertThat(f.get()).as("each client got answers").isPositive();
            total += f.get();
        }

        Map<Integer, Integer> counts = new TreeMap<>();
        statuses.forEach((s, n) -> counts.put(s, n.get()));
        List<Long> sorted = latencies.stream().sorted().toList();
        System.out.printf(Locale.ROOT, "Soak: %d clients, %d s: %d requests (%.0f/s), statuses %s, latency p50 %.1f ms,"
                + " p99 %.1f ms, max %.1f ms; threads %d before, %d after%n", CLIENTS, SECONDS, total,
                total / (double) SECONDS, counts, sorted.get(sorted.size() / 2) / 1e6,
                sorted.get((int) (sorted.size() * 0.99)) / 1e6, sorted.get(sorted.size() - 1) / 1e6, threadsBefore,
                ManagementFactory.getThreadMXBean().getThreadCount());
        assertThat(counts.keySet()).isSubsetOf(200, 201, 204, 404, 409);

        assertThat(runner.isRunning()).isTrue();
        JsonNode s = get("/api/simulation").json();
        List<String> allowed = SimulationApiTests.names(s.get("allowedCommands"));
        assertThat(allowed.contains("resume")).isEqualTo(s.get("paused").asBoolean());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (eventStream.clientCount() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(eventStream.clientCount()).as("event-stream clients left over").isZero();
    }

    /** One request of the mix; its status. */
    private int request(int id, int i) throws Exception {
        String mine = "soak_" + id;
        return switch (i % 12) {
            case 0 -> get("/api/simulation").status();
            case 1 -> post("/api/simulation/pause").status();
            case 2 -> post("/api/simulation/step?count=5").status();
            case 3 -> get("/api/models").status();
            case 4 -> putJson("/api/models/box/pose",
                    "{\"x\": " + id + ", \"y\": 0, \"z\": 1, \"roll\": 0, \"pitch\": 0, \"yaw\": 0}").status();
            case 5 -> send(HttpRequest.newBuilder(uri("/api/models")).header("Content-Type", "application/xml")
                    .POST(HttpRequest.BodyPublishers.ofString("<model name='" + mine + "'><pose>" + id
                            + " 3 1 0 0 0</pose><link name='l'><inertial><mass>1</mass></inertial><collision name='c'>"
                            + "<geometry><sphere><radius>0.2</radius></sphere></geometry></collision></link></model>")))
                    .status();
            case 6 -> post("/api/simulation/resume").status();
            case 7 -> delete("/api/models/" + mine).status();
            case 8 -> postJson("/api/world/save", "{\"path\": \"soak/client" + id + ".sdf\"}").status();
            case 9 -> get("/api/statistics").status();
            case 10 -> events();
            default -> id == 0 && i % 48 == 11 ? post("/api/simulation/reset").status()
                    : get("/api/world/sdf").status();
        };
    }

    /** Opens the event stream, reads its first bytes, closes it. */
    private int events() throws Exception {
        HttpResponse<InputStream> r = client.send(HttpRequest.newBuilder(uri("/api/events"))
                .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = r.body()) {
            if (r.statusCode() == 200) {
                in.readNBytes(64);
            }
        }
        return r.statusCode();
    }
}
