package io.orrery.bench;

import io.orrery.builtin.Extensions;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.Engine;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SavedWorld;
import io.orrery.world.WorldSaver;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import io.orrery.world.sdf.SdfWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The {@code reset-save} benchmark: a world of 10,000 bodies ({@code -Dorrery.bench.reset.bodies}) on the default
 * engine ({@code -Dorrery.physics.engine=bullet} for the other), reset and saved as the API does it, each
 * {@code -Dorrery.bench.rounds} (7) times after two of warm-up. Two worlds: 10,000 free 1 m boxes resting on a
 * ground plane on a 1.5 m grid (every one saved with its link state), and the crash-saves world of 10,000 static
 * boxes and one free marker. A reset is {@code POST /api/simulation/reset}'s command (wall time until its answer, and
 * the runner thread's CPU), followed by 10 steps timed beside 10 more once the world has been saved (a reset leaves
 * JBullet's broadphase with every body in its dynamic set, moved to the fixed set in the steps after); a save is
 * {@code POST /api/world/save}'s three parts: the capture on the runner, the SDF written from the loaded document and
 * the capture, and the file written, synced and moved into place.
 */
final class ResetSaveBenchmark {

    private ResetSaveBenchmark() {}

    static void run() throws Exception {
        int bodies = Integer.getInteger("orrery.bench.reset.bodies", 10_000);
        int rounds = Integer.getInteger("orrery.bench.rounds", 7);
        Engine engine = Engine.valueOf(
                System.getProperty("orrery.physics.engine", "jbullet").toUpperCase(Locale.ROOT));
        Path dir = Files.createTempDirectory("orrery-bench-reset");
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "reset-save: %d bodies on %s, %d rounds after 2 of warm-up; %s%n",
                bodies,
                engine.name().toLowerCase(Locale.ROOT),
                rounds,
                Benchmarks.loadAverage());
        measure(
                "free boxes on a plane",
                Files.writeString(dir.resolve("boxes.sdf"), freeBoxes(bodies)),
                engine,
                rounds,
                dir);
        measure(
                "static boxes and a marker",
                Files.writeString(dir.resolve("big.sdf"), io.orrery.world.CrashingSaves.world(bodies)),
                engine,
                rounds,
                dir);
    }

    private static void measure(String what, Path file, Engine engine, int rounds, Path dir) throws Exception {
        SdfReader reader = new SdfReader(List.of());
        long readStart = System.nanoTime();
        WorldSpec spec = reader.read(file);
        double readMs = (System.nanoTime() - readStart) / 1e6;
        SimulationRunner runner = SimulationRunner.builder(reader::read, file, engine.create())
                .settings(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        long loadStart = System.nanoTime();
        runner.start();
        while (runner.reads().currentState() != SimState.PAUSE) {
            Thread.sleep(5);
        }
        double loadMs = (System.nanoTime() - loadStart) / 1e6;
        try {
            runner.control().step(100).get(10, TimeUnit.MINUTES); // the boxes settle a little: a state to save
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long runnerId = runnerThreadId();
            SdfWriter writer = new SdfWriter();
            WorldSaver saver = new WorldSaver(dir);
            List<double[]> resets = new ArrayList<>(); // wall ms, runner CPU ms; 10 steps after it, 10 steps later
            List<double[]> saves = new ArrayList<>(); // wall ms: capture, write, file; and all, CPU ms (runner+this)
            for (int i = 0; i < rounds + 2; i++) {
                long cpu0 = threads.getThreadCpuTime(runnerId);
                long t0 = System.nanoTime();
                runner.control().reset().get(10, TimeUnit.MINUTES);
                long t1 = System.nanoTime();
                long cpu1 = threads.getThreadCpuTime(runnerId);
                runner.control().step(10).get(10, TimeUnit.MINUTES);
                long t2 = System.nanoTime();

                long mine0 = threads.getCurrentThreadCpuTime();
                long runner0 = threads.getThreadCpuTime(runnerId);
                long s0 = System.nanoTime();
                SavedWorld saved = runner.edits().captureForSave().get(10, TimeUnit.MINUTES);
                long s1 = System.nanoTime();
                Path target = Path.of("saved/" + file.getFileName());
                String sdf = writer.write(saved.loaded(), saved.state(), saver.resolveForSave(target));
                long s2 = System.nanoTime();
                saver.save(sdf, target, new WorldSaver.SaveOptions(Optional.of(file), false));
                long s3 = System.nanoTime();
                double cpu = (threads.getCurrentThreadCpuTime() - mine0 + threads.getThreadCpuTime(runnerId) - runner0)
                        / 1e6;
                long t3 = System.nanoTime();
                runner.control().step(10).get(10, TimeUnit.MINUTES); // the same world's steps, long after its reset
                long t4 = System.nanoTime();
                if (i >= 2) {
                    resets.add(new double[] {(t1 - t0) / 1e6, (cpu1 - cpu0) / 1e6, (t2 - t1) / 1e6, (t4 - t3) / 1e6});
                    saves.add(new double[] {
                        (s1 - s0) / 1e6, (s2 - s1) / 1e6, (s3 - s2) / 1e6, (s3 - s0) / 1e6, cpu, sdf.length() / 1e6
                    });
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "  %s (%s): read %.0f ms, loaded in %.0f ms%n",
                    what,
                    file.getFileName(),
                    readMs,
                    loadMs);
            System.out.printf(
                    Locale.ROOT,
                    "    reset: %.1f ms (%.1f-%.1f), runner CPU %.1f ms; the 10 steps after it %.1f ms, 10 steps"
                            + " after those and the save %.1f ms%n",
                    median(resets, 0),
                    min(resets, 0),
                    max(resets, 0),
                    median(resets, 1),
                    median(resets, 2),
                    median(resets, 3));
            System.out.printf(
                    Locale.ROOT,
                    "    save: %.0f ms (%.0f-%.0f): capture %.1f, SDF %.0f, file %.0f; CPU %.0f"
                            + " ms; %.1f MB of SDF; %s%n",
                    median(saves, 3),
                    min(saves, 3),
                    max(saves, 3),
                    median(saves, 0),
                    median(saves, 1),
                    median(saves, 2),
                    median(saves, 4),
                    median(saves, 5),
                    Benchmarks.loadAverage());
        } finally {
            runner.control().stop().get(1, TimeUnit.MINUTES);
            runner.finished().get(1, TimeUnit.MINUTES);
        }
    }

    /** 10,000 1 m boxes of 1 kg resting on a ground plane, on a square grid 1.5 m apart. */
    static String freeBoxes(int n) {
        StringBuilder sdf = new StringBuilder(n * 400).append("""
                <?xml version="1.0"?>
                <sdf version="1.9">
                  <world name="boxes">
                    <model name="ground_plane"><static>true</static><link name="link"><collision name="c">
                      <geometry><plane><normal>0 0 1</normal><size>1000 1000</size></plane></geometry>
                    </collision></link></model>
                """);
        int side = (int) Math.ceil(Math.sqrt(n));
        for (int i = 0; i < n; i++) {
            sdf.append(String.format(
                    Locale.ROOT,
                    "    <model name=\"box_%d\"><pose>%.1f %.1f 0.5 0 0 0</pose>"
                            + "<link name=\"link\"><inertial><mass>1</mass><inertia><ixx>0.1667</ixx><iyy>0.1667</iyy>"
                            + "<izz>0.1667</izz></inertia></inertial><collision name=\"c\"><geometry><box><size>1 1 1</size>"
                            + "</box></geometry></collision></link></model>%n",
                    i,
                    1.5 * (i % side),
                    1.5 * (i / side)));
        }
        return sdf.append("  </world>\n</sdf>\n").toString();
    }

    private static long runnerThreadId() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("orrery-runner")) {
                return t.getId();
            }
        }
        throw new IllegalStateException("no orrery-runner thread");
    }

    private static double median(List<double[]> rows, int column) {
        return Benchmarks.median(rows.stream().mapToDouble(r -> r[column]).toArray());
    }

    private static double min(List<double[]> rows, int column) {
        return rows.stream().mapToDouble(r -> r[column]).min().orElse(Double.NaN);
    }

    private static double max(List<double[]> rows, int column) {
        return rows.stream().mapToDouble(r -> r[column]).max().orElse(Double.NaN);
    }
}
