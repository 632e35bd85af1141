package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Several clients pausing, resuming, stepping and saving at once: every request answers, the state is whole. */
class ConcurrentApiTests extends ApiTestSupport {

    static final int CLIENTS = 4;
    static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(3);
    static final int MAX_REQUESTS_PER_CLIENT = 400;

    @BeforeEach
    @AfterEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void concurrentCommandsNeitherDeadlockNorCorrupt() throws Exception {
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        Set<String> savedPaths = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<Integer>> clients = new ArrayList<>();
        long end = System.nanoTime() + RUN_NANOS;
        for (int c = 0; c < CLIENTS; c++) {
            int id = c;
            clients.add(pool.submit(() -> {
                int requests = 0;
                for (int i = 0; i < MAX_REQUESTS_PER_CLIENT && System.nanoTime() < end; i++) {
                    Response r = switch ((i + id) % 4) {
                        case 0 -> post("/api/simulation/pause");
                        case 1 -> post("/api/simulation/resume");
                        case 2 -> post("/api/simulation/step?count=10");
                        default -> {
                            String path = i % 8 < 4 ? "concurrent/shared.sdf" : "concurrent/client" + id + ".sdf";
                            Response saved = postJson("/api/world/save", "{\"path\": \"" + path + "\"}");
                            if (saved.status() == 201) {
                                savedPaths.add(saved.json().get("path").asText());
                            }
                            yield saved;
                        }
                    };
                    statuses.computeIfAbsent(r.status(), s -> new AtomicInteger())
                            .incrementAndGet();
                    requests++;
                }
                return requests;
            }));
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(120, TimeUnit.SECONDS))
                .as("every request answered")
                .isTrue();
        int total = 0;
        for (Future<Integer> f : clients) {
            total += f.get();
        }
        assertThat(total).isPositive();
        // 200 and 201 when applied, 409 when another client changed the state first; nothing else
        assertThat(statuses.keySet()).isSubsetOf(200, 201, 409);
        assertThat(statuses.get(201)).isNotNull();

        Response status = get("/api/simulation");
        assertThat(status.status()).isEqualTo(200);
        assertThat(runner.isRunning()).isTrue();
        JsonNode s = status.json();
        List<String> allowed = SimulationApiTests.names(s.get("allowedCommands"));
        assertThat(allowed.contains("resume")).isEqualTo(s.get("paused").asBoolean());
        assertThat(allowed.contains("pause")).isEqualTo(!s.get("paused").asBoolean());

        assertThat(savedPaths).isNotEmpty();
        SdfReader reader = new SdfReader(List.of());
        for (String saved : savedPaths) {
            Path file = WORLDS_DIR.resolve(saved);
            WorldSpec world = reader.read(file);
            assertThat(world.models()).extracting(m -> m.name()).as(saved).containsExactly("ground", "box", "ball");
        }
        try (var leftovers = Files.list(WORLDS_DIR.resolve("concurrent"))) {
            assertThat(leftovers.map(p -> p.getFileName().toString()))
                    .as("no temporary files left")
                    .allMatch(n -> n.endsWith(".sdf") && !n.startsWith("."));
        }
    }
}
