package io.orrery.bench;

import com.gz.msgs.TwistProtos.Twist;
import io.orrery.builtin.Extensions;
import io.orrery.physics.Engine;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.PluginRegistry;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.MeshLimits;
import io.orrery.world.mesh.MeshLoader;
import io.orrery.world.sdf.SdfLimits;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The {@code robots} benchmark: the shared robot worlds (TurtleBot 3 Burger and Panda, as issue 23 names them) on
 * both engines. The worlds and models are the copies the robot tests use (src/test/resources/worlds and /models,
 * the same files as ../shared/worlds/robots and ../shared/models, the worlds' header comment apart), so it needs
 * nothing outside the repository. Each run is a fresh JVM, engines alternating from round to round; a run:
 * <ol>
 * <li>load: the whole world read (SDF and meshes) first in the JVM (Assimp's native library loaded, the code cold),
 * then the median of 5 reads by fresh mesh loaders, then by a loader that has its meshes (the cache a reset or reload
 * uses); and the collision mesh files alone (the Panda's 10 STL files; the TurtleBot's collisions are boxes and
 * cylinders, its meshes visuals, which Orrery does not read), parsed by 5 fresh loaders (median) and then from the
 * cache;</li>
 * <li>build: the physics world built from it (hulls of the moving links' meshes), first and median of 5;</li>
 * <li>steps: the world through the full Orrery loop with the built-in systems at factor 0, the TurtleBot driven at
 * 0.2 m/s on /cmd_vel (so that it never sleeps), the Panda holding its pose under its 9 JointPositionControllers:
 * 2,000 steps of warm-up, then {@code -Dorrery.bench.robots.steps} (10,000) timed: steps per wall second and per
 * CPU second of the runner thread.</li>
 * </ol>
 * Knobs: {@code -Dorrery.bench.rounds} (3).
 */
final class RobotsBenchmark {

    static final String NAME = "robots";
    private static final List<String> ENGINES = List.of("jbullet", "bullet");
    private static final List<String> WORLDS = List.of("turtlebot3_burger", "panda");
    private static final Path WORLD_DIR = Path.of("src/test/resources/worlds");
    private static final Path MODEL_PATH = Path.of("src/test/resources/models");
    private static final int READS = 5;
    private static final int WARMUP = 2000;

    private RobotsBenchmark() {}

    /** One run's figures, from its {@code RESULT} line. */
    private record Run(
            int meshes,
            long triangles,
            double meshMs,
            double cachedMeshMs,
            double firstReadMs,
            double readMs,
            double cachedReadMs,
            double firstBuildMs,
            double buildMs,
            double stepsPerSecond,
            double stepsPerCpuSecond) {}

    static void run() throws Exception {
        int rounds = Integer.getInteger("orrery.bench.rounds", 3);
        int steps = Integer.getInteger("orrery.bench.robots.steps", 10_000);
        System.out.println();
        System.out.println("robots: the shared robot worlds on both engines, a fresh JVM per run, engines alternating;"
                + " mesh reads, builds, then " + WARMUP + " steps of warm-up and " + steps + " timed through the"
                + " Orrery loop at factor 0; " + Benchmarks.loadAverage());
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (String world : WORLDS) {
                List<String> order = round % 2 == 1 ? ENGINES : List.of(ENGINES.get(1), ENGINES.get(0));
                for (String engine : order) {
                    Run r = runOne(engine, world, steps);
                    runs.computeIfAbsent(world + " " + engine, k -> new ArrayList<>())
                            .add(r);
                    System.out.printf(
                            Locale.ROOT,
                            "  round %d %-18s %-8s %2d mesh files, %5d triangles: meshes"
                                    + " %5.1f ms, cached %5.3f ms; world read first %6.1f ms, then %5.1f ms,"
                                    + " cached %5.1f ms; build first %6.1f ms, then %5.1f ms; %6.1f steps/s, %6.1f per CPU"
                                    + " s; %s%n",
                            round,
                            world,
                            engine,
                            r.meshes(),
                            r.triangles(),
                            r.meshMs(),
                            r.cachedMeshMs(),
                            r.firstReadMs(),
                            r.readMs(),
                            r.cachedReadMs(),
                            r.firstBuildMs(),
                            r.buildMs(),
                            r.stepsPerSecond(),
                            r.stepsPerCpuSecond(),
                            Benchmarks.loadAverage());
                }
            }
        }
        System.out.println();
        System.out.println("| world | engine | mesh files (triangles) | mesh load / cached, ms"
                + " | world read first / then / cached, ms | build first / then, ms | steps/s | steps per CPU s |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        for (Map.Entry<String, List<Run>> e : runs.entrySet()) {
            List<Run> r = e.getValue();
            String[] key = e.getKey().split(" ");
            System.out.printf(
                    Locale.ROOT,
                    "| %s | `%s` | %d (%d) | %.1f / %.2f | %.0f / %.0f / %.0f" + " | %.0f / %.1f | %.0f | %.0f |%n",
                    key[0],
                    key[1],
                    r.get(0).meshes(),
                    r.get(0).triangles(),
                    median(r, Run::meshMs),
                    median(r, Run::cachedMeshMs),
                    median(r, Run::firstReadMs),
                    median(r, Run::readMs),
                    median(r, Run::cachedReadMs),
                    median(r, Run::firstBuildMs),
                    median(r, Run::buildMs),
                    median(r, Run::stepsPerSecond),
                    median(r, Run::stepsPerCpuSecond));
        }
        System.out.println("(medians of " + rounds + " rounds; " + Benchmarks.loadAverage() + ")");
    }

    private static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> value) {
        return Benchmarks.median(runs.stream().mapToDouble(value).toArray());
    }

    private static Run runOne(String engine, String world, int steps) throws IOException, InterruptedException {
        Map<String, String> fields = ChildRuns.run(
                ChildRuns.java(RobotsBenchmark.class, "1g", engine, world, "" + steps),
                "steps_per_s",
                world + " on " + engine);
        return new Run(
                Integer.parseInt(fields.get("meshes")),
                Long.parseLong(fields.get("triangles")),
                Double.parseDouble(fields.get("mesh_ms")),
                Double.parseDouble(fields.get("cached_mesh_ms")),
                Double.parseDouble(fields.get("first_read_ms")),
                Double.parseDouble(fields.get("read_ms")),
                Double.parseDouble(fields.get("cached_read_ms")),
                Double.parseDouble(fields.get("first_build_ms")),
                Double.parseDouble(fields.get("build_ms")),
                Double.parseDouble(fields.get("steps_per_s")),
                Double.parseDouble(fields.get("cpu_steps_per_s")));
    }

    /** A child run: {@code <engine> <world> <steps>}; prints one {@code RESULT} line. */
    public static void main(String[] args) throws Exception {
        Engine engine = Engine.valueOf(args[0].toUpperCase(Locale.ROOT));
        Path file = WORLD_DIR.resolve(args[1] + ".sdf");
        int steps = Integer.parseInt(args[2]);
        if (!Files.isRegularFile(file) || !Files.isDirectory(MODEL_PATH)) {
            throw new IllegalStateException("no " + file + " or " + MODEL_PATH + ": run from the repository root");
        }

        // the world's first read in the JVM: Assimp's native library loaded, the code cold
        long start = System.nanoTime();
        WorldSpec spec = reader(new MeshLoader(MeshLimits.DEFAULT)).read(file);
        double firstRead = ms(start);

        // the collision mesh files it names, parsed alone: by fresh loaders, then from one that has them
        List<Path> files = meshFiles(spec);
        double[] one = {1, 1, 1};
        double[] meshReads = new double[READS];
        MeshLoader loader = null;
        for (int i = 0; i < READS; i++) {
            loader = new MeshLoader(MeshLimits.DEFAULT);
            start = System.nanoTime();
            for (Path f : files) {
                loader.mesh(f, one, null, false);
            }
            meshReads[i] = ms(start);
        }
        start = System.nanoTime();
        long triangles = 0;
        for (Path f : files) {
            triangles += loader.mesh(f, one, null, false).triangleCount();
        }
        double cachedMeshes = ms(start);

        double[] reads = new double[READS];
        for (int i = 0; i < READS; i++) {
            MeshLoader fresh = new MeshLoader(MeshLimits.DEFAULT);
            start = System.nanoTime();
            reader(fresh).read(file);
            reads[i] = ms(start);
        }
        MeshLoader warm = new MeshLoader(MeshLimits.DEFAULT);
        SdfReader cached = reader(warm);
        cached.read(file);
        start = System.nanoTime();
        cached.read(file);
        double cachedRead = ms(start);

        double[] builds = new double[READS + 1];
        for (int i = 0; i < builds.length; i++) {
            start = System.nanoTime();
            PhysicsWorld built = engine.create().build(spec);
            builds[i] = ms(start);
            built.close();
        }

        Watch watch = new Watch(WARMUP + 1, WARMUP + steps);
        PluginRegistry registry = Extensions.discovered().plugins();
        SimulationRunner runner = SimulationRunner.builder(cached::read, file, engine.create())
                .plugins(registry, PluginSettings.defaults())
                .systems(() -> List.of(new SystemRegistration(watch, OptionalInt.empty())))
                .settings(RunnerSettings.defaults().withStartPaused(true).withRealTimeFactor(0))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (runner.reads().currentState() != io.orrery.lifecycle.SimState.PAUSE) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the runner did not pause within 2 minutes: "
                        + runner.reads().currentState());
            }
            Thread.sleep(10);
        }
        if (args[1].startsWith("turtlebot")) {
            runner.topics()
                    .publish(
                            "/cmd_vel",
                            Twist.newBuilder()
                                    .setLinear(Messages.vector(0.2, 0, 0))
                                    .build())
                    .get(1, TimeUnit.MINUTES);
        }
        runner.control().step(WARMUP).get(1, TimeUnit.HOURS);
        runner.control().step(steps).get(1, TimeUnit.HOURS);
        String moving = movingLinks(runner);
        runner.control().stop().get(1, TimeUnit.MINUTES);
        runner.finished().get(1, TimeUnit.MINUTES);
        System.out.println("links awake at the end: " + moving);
        System.out.printf(
                Locale.ROOT,
                "RESULT engine=%s meshes=%d triangles=%d mesh_ms=%.3f"
                        + " cached_mesh_ms=%.4f first_read_ms=%.2f read_ms=%.2f cached_read_ms=%.3f first_build_ms=%.2f"
                        + " build_ms=%.2f steps_per_s=%.2f cpu_steps_per_s=%.2f%n",
                engine,
                files.size(),
                triangles,
                Benchmarks.median(meshReads),
                cachedMeshes,
                firstRead,
                Benchmarks.median(reads),
                cachedRead,
                builds[0],
                Benchmarks.median(java.util.Arrays.copyOfRange(builds, 1, builds.length)),
                steps / (watch.wallNanos() / 1e9),
                steps / (watch.cpuNanos() / 1e9));
    }

    /**
     * The files of the world's collision meshes, each once: a {@code model://} URI through the model path, a relative
     * one beside the included model's file.
     */
    private static List<Path> meshFiles(WorldSpec spec) {
        List<Path> files = new ArrayList<>();
        for (ModelSpec m : spec.models()) {
            // a model written in the world file has its meshes beside it
            Path dir = m.includeUri()
                    .filter(u -> u.startsWith("model://"))
                    .map(u -> MODEL_PATH.resolve(u.substring("model://".length())))
                    .orElse(WORLD_DIR);
            meshFiles(m, dir, files);
        }
        return files.stream().distinct().toList();
    }

    private static void meshFiles(ModelSpec model, Path dir, List<Path> files) {
        for (LinkSpec link : model.links()) {
            for (CollisionSpec c : link.collisions()) {
                if (c.geometry() instanceof Geometry.Mesh mesh) {
                    String uri = mesh.uri();
                    files.add(
                            uri.startsWith("model://")
                                    ? MODEL_PATH.resolve(uri.substring("model://".length()))
                                    : dir.resolve(uri));
                }
            }
        }
        for (ModelSpec nested : model.models()) {
            meshFiles(nested, dir, files);
        }
    }

    private static SdfReader reader(MeshLoader meshes) {
        return new SdfReader(List.of(MODEL_PATH), SdfLimits.DEFAULT, meshes);
    }

    /** How many of the moving links are awake: the timed steps must not be of a sleeping robot. */
    private static String movingLinks(SimulationRunner runner) {
        int moving = 0;
        int awake = 0;
        for (ModelState m : runner.reads().snapshot().models()) {
            if (m.isStatic()) {
                continue;
            }
            for (LinkState l : m.links()) {
                moving++;
                awake += l.sleeping() ? 0 : 1;
            }
        }
        return awake + " of " + moving;
    }

    private static double ms(long start) {
        return (System.nanoTime() - start) / 1e6;
    }

    /** Reads the runner thread's clock and CPU time before the first timed step and after the last. */
    private static final class Watch implements PreUpdate, PostUpdate, Stateless {
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private final long first;
        private final long last;
        private volatile long startNanos;
        private volatile long startCpu;
        private volatile long wallNanos;
        private volatile long cpuNanos;

        Watch(long first, long last) {
            this.first = first;
            this.last = last;
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            if (info.iterations() == first) {
                startNanos = System.nanoTime();
                startCpu = threads.getCurrentThreadCpuTime();
            }
        }

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            if (info.iterations() == last) {
                wallNanos = System.nanoTime() - startNanos;
                cpuNanos = threads.getCurrentThreadCpuTime() - startCpu;
            }
        }

        long wallNanos() {
            if (wallNanos == 0) {
                throw new IllegalStateException("the timed steps were not seen: iterations " + first + " to " + last);
            }
            return wallNanos;
        }

        long cpuNanos() {
            wallNanos();
            return cpuNanos;
        }
    }
}
