package io.orrery.soak;

import io.orrery.world.ModelSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A soak against a running Orrery: loads {@value #WORLD} from the worlds directory, then {@code clients} clients
 * mix every kind of command ({@link Command}) for the duration while liveness is polled and threads and heap are
 * sampled; afterwards it compares the server's model list and a final save with the clients' ledger and reads
 * every file the clients saved. The caller checks the {@link SoakReport}.
 */
public final class Soak {

    public static final String WORLD = "soak_world.sdf";
    public static final int CLIENTS = 8;

    private final URI base;
    private final Path worldsDir;
    private final int clients;
    private final Duration duration;
    private final long seed;

    public Soak(URI base, Path worldsDir, int clients, Duration duration, long seed) {
        this.base = base;
        this.worldsDir = worldsDir;
        this.clients = clients;
        this.duration = duration;
        this.seed = seed;
    }

    /** Copies the soak's world (a test resource) into {@code worldsDir}. */
    public static void copyWorld(Path worldsDir) {
        try (InputStream in = Soak.class.getResourceAsStream("/worlds/" + WORLD)) {
            Files.copy(in, worldsDir.resolve(WORLD), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public SoakReport run() throws Exception {
        Set<String> worldModels = modelNames(new SdfReader(List.of()).read(worldsDir.resolve(WORLD)));
        ModelLedger ledger = new ModelLedger(worldModels);
        Tally tally = new Tally();
        Set<String> saved = ConcurrentHashMap.newKeySet();
        List<Future<Integer>> running = new ArrayList<>();
        try (SoakHttp http = new SoakHttp(base)) {
            prepare(http);
            LivenessPoller liveness = new LivenessPoller(http);
            SlowSubscriber subscriber = new SlowSubscriber(http, clients);
            ExecutorService pool = Executors.newFixedThreadPool(clients); // each thread starts with its client
            long end = System.nanoTime() + duration.toNanos();
            for (int id = 0; id < clients; id++) {
                running.add(pool.submit(new SoakClient(id, seed, http, ledger, tally, subscriber, saved, end)));
            }
            GrowthSampler sampler = new GrowthSampler(); // once every thread of the soak's own has started
            pool.shutdown();
            if (!pool.awaitTermination(duration.toSeconds() + 300, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the clients did not finish within 5 minutes of the end");
            }
            int commands = 0;
            for (Future<Integer> f : running) {
                commands += f.get();
            }
            subscriber.close();
            sampler.awaitSamples(6, 120);
            sampler.close();
            double seconds = duration.toMillis() / 1000.0;
            GrowthSampler.Window first = sampler.first(sampler.stretch());
            GrowthSampler.Window last = sampler.last(sampler.stretch());
            // no command in flight: the server's models, and a save of them, must be the ledger's
            Set<String> expected = ledger.expected();
            Set<String> served = new TreeSet<>();
            SoakHttp.Answer models = http.get("/api/models");
            new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(models.body())
                    .forEach(m -> served.add(m.get("name").asText()));
            SoakHttp.Answer finalSave =
                    http.post("/api/world/save", "application/json", "{\"path\": \"soak/final.sdf\"}");
            Set<String> finallySaved = finalSave.status() == 201
                    ? modelNames(new SdfReader(List.of()).read(worldsDir.resolve("soak/final.sdf")))
                    : Set.of();
            List<String> unreadable = unreadable(saved);
            liveness.close();
            return new SoakReport(
                    clients,
                    seconds,
                    commands,
                    tally,
                    liveness.polls(),
                    liveness.failures(),
                    expected,
                    served,
                    finallySaved,
                    saved.size(),
                    unreadable,
                    first,
                    last);
        }
    }

    private void prepare(SoakHttp http) {
        expect(http.post("/api/world/load", "application/json", "{\"path\": \"" + WORLD + "\"}"), 200, "load");
        expect(http.post("/api/simulation/pause"), 409, "pause"); // a load starts as configured: paused
        expect(http.post("/api/simulation/reset"), 200, "reset");
        expect(http.put("/api/simulation/real-time-factor", "{\"value\": 0}"), 200, "factor");
    }

    private static void expect(SoakHttp.Answer a, int status, String what) {
        if (a.status() != status && a.status() != 200) {
            throw new IllegalStateException("soak setup: " + what + " got " + a.status() + " " + a.body());
        }
    }

    /** The saved files that the SDF reader refuses, each with why. */
    private List<String> unreadable(Set<String> saved) {
        List<String> failed = new ArrayList<>();
        for (String path : new TreeSet<>(saved)) {
            try {
                WorldSpec w = new SdfReader(List.of()).read(worldsDir.resolve(path));
                if (!w.name().equals("soak_world")) {
                    failed.add(path + ": world '" + w.name() + "'");
                }
            } catch (RuntimeException e) {
                failed.add(path + ": " + e);
            }
        }
        return failed;
    }

    private static Set<String> modelNames(WorldSpec world) {
        Set<String> names = new TreeSet<>();
        for (ModelSpec m : world.models()) {
            names.add(m.name());
        }
        return names;
    }
}
