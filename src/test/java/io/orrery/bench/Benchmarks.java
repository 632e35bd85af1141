package io.orrery.bench;

import io.orrery.builtin.Extensions;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.physics.jbullet.RawJBulletScene;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.Update;
import io.orrery.system.UpdateInfo;
import io.orrery.world.PhysicsSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
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
 * Orrery's benchmark runner: numbers, not tests. Run with
 * {@code ./mvnw -q test-compile exec:java -Dexec.args="loop empty load pacing sensors dashboard"} (any subset; without
 * arguments the first three).
 * <ul>
 * <li>{@code loop}: steps per second of raw JBullet and of the full Orrery loop (state machine, systems,
 * statistics, pacing at factor 0) on the same scene of N boxes, N = 100, 1000, 5000, after a JIT warm-up.</li>
 * <li>{@code empty}: the per-step cost of an empty world with 10 no-op systems.</li>
 * <li>{@code system-timing} (only when named): what timing each system costs the loop: 20 no-op PreUpdate systems
 * run by the system manager (which reads the clock once after each) against the same calls in a plain loop, beside
 * the cost of one clock read, after a JIT warm-up.</li>
 * <li>{@code load}: parsing and building Gazebo's 3k_shapes.sdf from worlds/gazebo.</li>
 * <li>{@code pacing}: worlds/default.sdf through the real runner and pacer: 6 s of sim at factor 2 from a cold JVM
 * (wall time, JIT warm-up included), then 10 s at factor 1 (CPU per simulated second, step lateness); see
 * {@link Pacing}. It measures process CPU, so docs/performance.md runs it with {@code java}, not inside Maven.</li>
 * <li>{@code dashboard} (only when named): the dashboard on 3k_shapes.sdf in headless chromium, see
 * {@link DashboardBenchmark}.</li>
 * <li>{@code sensors}: the per-step cost of a 640-ray lidar and of 10 IMUs (each sampling every step) on
 * worlds/default.sdf through the full loop, against the same world without them.</li>
 * <li>{@code control} (only when named): a controller in the loop on diff_drive.sdf stepping one step per round
 * trip over the control WebSocket and over HTTP, see {@link ControlBenchmark}.</li>
 * <li>{@code crash-saves}: 20 SIGKILLs of Orrery processes saving a 10,000-model world (see
 * {@link io.orrery.world.CrashingSaves}); the figures, and the processes' logs in target/crash-saves.</li>
 * <li>{@code soak} (only when named): 8 clients for 60 s ({@code -Dorrery.soak.seconds}) mixing every kind of
 * command against Orrery on a random port, see {@link SoakBenchmark}.</li>
 * <li>{@code startup}: time to readiness and RSS of the packaged jar in child JVMs, with and without the class data
 * sharing archive; see {@link Startup}. Run it with {@code java} rather than inside Maven, after
 * {@code ./mvnw -o -q -Paot package -DskipTests}.</li>
 * <li>{@code gz-transport} (only when named): the step loop's cost with the gz-transport node off and on, and
 * messages a second and latency from Orrery to Gazebo's {@code ign-transport-topic -e}, in a network namespace; see
 * {@link GzTransportBenchmark}. Needs root and Debian's ignition-transport-cli.</li>
 * <li>{@code engines} (only when named): the box-column scene through the Orrery loop on each physics engine
 * against the native C++ anchor, a fresh process per run, see {@link EngineBenchmark}; the anchor is read from
 * {@code ../shared/anchors}, outside the repository.</li>
 * <li>{@code meshes} (only when named): reading a 99,500-triangle mesh, a cache hit, and building it as a hull and
 * as a triangle mesh on each engine, see {@link MeshBenchmark}.</li>
 * <li>{@code articulation} (only when named): issue 24's articulation candidates (constraints, stiff constraints,
 * the projected mode, Bullet's multibody) on a rotor servo, a hanging chain, a double pendulum and the Panda, see
 * {@link ArticulationBenchmark}.</li>
 * <li>{@code shapes} (only when named): Gazebo's 3k_shapes.sdf on both engines side by side, a fresh process per
 * run: the warm-up until the bodies sleep, the steps after it and a snapshot's cost, see {@link ShapesBenchmark}.</li>
 * <li>{@code reset-save} (only when named): a world of 10,000 bodies reset and saved as the API does it, see
 * {@link ResetSaveBenchmark}.</li>
 * <li>{@code robots} (only when named): the shared robot worlds (TurtleBot 3 Burger, Panda) on both engines, a fresh
 * process per run: mesh load time (cold, fresh loader, cache hit), build time and steps per second through the
 * Orrery loop, see {@link RobotsBenchmark}.</li>
 * <li>{@code mcap} (only when named): the MCAP writer's CPU per step and the file size per simulated minute for each
 * compression, and reading it back, see {@link McapBenchmark}.</li>
 * <li>{@code render} (only when named): camera frames a second and CPU per frame on Gazebo's shapes.sdf at 64×64,
 * 320×240 and 640×480, colour, depth and all outputs, with Mesa's llvmpipe here, beside a physics step of the same
 * world, and that world stepped with a 320×240 camera device at 30 Hz, see {@link RenderBenchmark}.</li>
 * <li>{@code settle} (only when named): what each solver setting buys a box resting on the ground (its speeds and
 * an IMU's error after landing) and costs per step, on both engines, see {@link SettleBenchmark}.</li>
 * <li>{@code robot-steps} (only when named): steps per second of each engine on diff_drive.sdf and on the 7-joint
 * Panda arm through the full loop, with each engine's solver settings, see {@link RobotStepsBenchmark}.</li>
 * <li>{@code corpus} (only when named): every robot of the corpus on every engine and articulation mode, what it
 * did in the second after settling and the runner's CPU per step, see {@link CorpusBenchmark}.</li>
 * </ul>
 */
public final class Benchmarks {

    /** The benchmarks this runner knows, by the name its command line gives (docs/performance.md runs each). */
    public static final List<String> NAMES = List.of(
            "loop",
            "empty",
            "system-timing",
            "load",
            "pacing",
            "dashboard",
            "sensors",
            "control",
            "crash-saves",
            "soak",
            "startup",
            GzTransportBenchmark.NAME,
            "engines",
            "meshes",
            "shapes",
            ArticulationBenchmark.NAME,
            RobotsBenchmark.NAME,
            RenderBenchmark.NAME,
            WideAngleBenchmark.NAME,
            CorpusBenchmark.NAME,
            "settle",
            "robot-steps",
            "reset-save",
            McapBenchmark.NAME,
            RecordingBenchmark.NAME,
            VectorBenchmark.NAME);

    /** Measured rounds per scene size, alternating raw JBullet and the Orrery loop. */
    private static final int ROUNDS = 3;

    private Benchmarks() {}

    public static void main(String[] args) throws Exception {
        // The gz-transport node stays off in the servers benchmarks start here: its multicast must not leave this
        // machine (the gz-transport benchmark runs its server inside a network namespace of its own).
        System.setProperty("orrery.transport.enabled", "false");
        List<String> which = args.length == 0 ? List.of("loop", "empty", "load") : List.of(args);
        for (String name : which) {
            if (!NAMES.contains(name)) { // a misspelt name would otherwise measure nothing, silently
                throw new IllegalArgumentException("no benchmark '" + name + "'; the benchmarks are " + NAMES);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "Orrery benchmarks on %d cores, %s %s%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"),
                System.getProperty("java.version"));
        if (which.contains("loop")) {
            loop();
        }
        if (which.contains("crash-saves")) {
            Path dir = Path.of("target/crash-saves");
            if (Files.exists(dir)) {
                try (var old = Files.walk(dir)) {
                    old.sorted(java.util.Comparator.reverseOrder())
                            .forEach(p -> p.toFile().delete());
                }
            }
            System.out.println("crash-saves: "
                    + new io.orrery.world.CrashingSaves(
                                    Files.createDirectories(dir), 10_000, Long.getLong("orrery.crash.seed", 20261122L))
                            .run(Integer.getInteger("orrery.crash.kills", 20)));
        }
        if (which.contains("empty")) {
            empty();
        }
        if (which.contains("system-timing")) {
            systemTiming();
        }
        if (which.contains("load")) {
            load();
        }
        if (which.contains("pacing")) {
            Pacing.run();
        }
        if (which.contains("dashboard")) {
            DashboardBenchmark.run();
        }
        if (which.contains("sensors")) {
            sensors();
        }
        if (which.contains("soak")) {
            SoakBenchmark.run();
        }
        if (which.contains("startup")) {
            Startup.run();
        }
        if (which.contains("control")) {
            ControlBenchmark.run();
        }
        if (which.contains(GzTransportBenchmark.NAME)) {
            GzTransportBenchmark.run();
        }
        if (which.contains(VectorBenchmark.NAME)) {
            VectorBenchmark.run();
        }
        if (which.contains("reset-save")) {
            ResetSaveBenchmark.run();
        }
        if (which.contains(ArticulationBenchmark.NAME)) {
            ArticulationBenchmark.run();
        }
        if (which.contains("engines")) {
            EngineBenchmark.run();
        }
        if (which.contains("meshes")) {
            MeshBenchmark.run();
        }
        if (which.contains("shapes")) {
            ShapesBenchmark.run();
        }
        if (which.contains("settle")) {
            SettleBenchmark.run();
        }
        if (which.contains("robot-steps")) {
            RobotStepsBenchmark.run();
        }
        if (which.contains(WideAngleBenchmark.NAME)) {
            WideAngleBenchmark.run();
        }
        if (which.contains(RobotsBenchmark.NAME)) {
            RobotsBenchmark.run();
        }
        if (which.contains(CorpusBenchmark.NAME)) {
            CorpusBenchmark.run();
        }
        if (which.contains(McapBenchmark.NAME)) {
            McapBenchmark.run();
        }
        if (which.contains(RecordingBenchmark.NAME)) {
            RecordingBenchmark.run();
        }
        if (which.contains(RenderBenchmark.NAME)) {
            RenderBenchmark.run();
        }
    }

    private static void sensors() throws Exception {
        String text = Files.readString(Path.of("worlds/default.sdf"));
        String lidar = "<sensor name='lidar' type='gpu_lidar'><lidar><scan><horizontal><samples>640</samples>"
                + "<min_angle>-3.14159</min_angle><max_angle>3.14159</max_angle></horizontal></scan>"
                + "<range><min>0.08</min><max>10</max></range></lidar></sensor>";
        StringBuilder imus = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            imus.append("<sensor name='imu").append(i).append("' type='imu'/>");
        }
        Map<String, WorldSpec> worlds = new LinkedHashMap<>();
        worlds.put("no sensors", world(text, ""));
        worlds.put("640-ray lidar", world(text, lidar));
        worlds.put("10 IMUs", world(text, imus.toString()));
        int steps = 5_000;
        Map<String, List<Double>> perStep = new LinkedHashMap<>();
        for (int round = 0; round <= ROUNDS; round++) {
            for (Map.Entry<String, WorldSpec> e : worlds.entrySet()) {
                RunResult r = runLoop(e.getValue(), steps, List.of());
                if (round > 0) { // round 0 warms the JIT up
                    perStep.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(r.wallTimeNanos() / 1e3 / steps);
                }
            }
        }
        System.out.println();
        double base =
                median(perStep.get("no sensors").stream().mapToDouble(d -> d).toArray());
        for (Map.Entry<String, List<Double>> e : perStep.entrySet()) {
            double m = median(e.getValue().stream().mapToDouble(d -> d).toArray());
            System.out.printf(
                    Locale.ROOT,
                    "worlds/default.sdf, %s: %.1f us per step (median of %d rounds of %d"
                            + " steps), %+.1f us over no sensors%n",
                    e.getKey(),
                    m,
                    ROUNDS,
                    steps,
                    m - base);
        }
    }

    /** worlds/default.sdf with a static sensor mount at 0 0 1 carrying {@code sensors}. */
    private static WorldSpec world(String text, String sensors) throws Exception {
        Path file = Files.createTempFile("orrery-bench-sensors", ".sdf");
        Files.writeString(
                file,
                text.replace(
                        "</world>",
                        "<model name='sensor_mount'><static>true</static>"
                                + "<pose>0 0 1 0 0 0</pose><link name='link'>" + sensors + "</link></model></world>"));
        try {
            return new SdfReader(List.of()).read(file);
        } finally {
            Files.delete(file);
        }
    }

    private static void loop() throws Exception {
        System.out.println();
        System.out.println("Scene: N boxes (0.5 m half-extent, 1 kg) in columns of 10 on a 1.1 m grid, 0.05 m gaps,"
                + " ground plane, no sleeping, dt 1 ms");
        System.out.printf(
                Locale.ROOT,
                "%6s %8s %14s %14s %8s   (medians of %d alternating rounds)%n",
                "N",
                "steps",
                "raw steps/s",
                "orrery steps/s",
                "ratio",
                ROUNDS);
        // -Dorrery.bench.loop.sizes=100 runs the smallest scene alone, where the loop's own cost weighs most
        int[] sizes = java.util.Arrays.stream(System.getProperty("orrery.bench.loop.sizes", "100,1000,5000")
                        .split(","))
                .mapToInt(v -> Integer.parseInt(v.trim()))
                .toArray();
        for (int n : sizes) {
            int steps = n <= 100 ? 5000 : n <= 1000 ? 1000 : 200;
            // Warm-up: the same work, once, so both sides run JIT-compiled code.
            raw(n, steps / 2);
            orrery(n, steps / 2);
            // Rounds alternate the two sides so drift in the machine's load hits both alike; medians are reported.
            double[] raw = new double[ROUNDS];
            double[] orrery = new double[ROUNDS];
            for (int r = 0; r < ROUNDS; r++) {
                System.gc();
                raw[r] = raw(n, steps);
                System.gc();
                orrery[r] = orrery(n, steps);
            }
            double rawMedian = median(raw);
            double orreryMedian = median(orrery);
            System.out.printf(
                    Locale.ROOT,
                    "%6d %8d %14.1f %14.1f %8.3f%n",
                    n,
                    steps,
                    rawMedian,
                    orreryMedian,
                    orreryMedian / rawMedian);
        }
    }

    /** The machine's load average over the last minute, as benchmarks print it beside their figures. */
    static String loadAverage() {
        try {
            return "load average "
                    + Files.readString(Path.of("/proc/loadavg")).trim().split(" ")[0];
        } catch (java.io.IOException e) {
            return "load average unknown";
        }
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Steps per second of JBullet alone. */
    private static double raw(int n, int steps) {
        RawJBulletScene scene = new RawJBulletScene(n);
        long start = System.nanoTime();
        for (int i = 0; i < steps; i++) {
            scene.step(BoxColumns.DT);
        }
        return steps / ((System.nanoTime() - start) / 1e9);
    }

    /** Steps per second of the Orrery loop, from its first step to its stop. */
    private static double orrery(int n, int steps) throws Exception {
        RunResult result = runLoop(BoxColumns.world(n), steps, List.of());
        return result.iterations() / (result.wallTimeNanos() / 1e9);
    }

    private static void empty() throws Exception {
        List<SystemRegistration> noOps = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            noOps.add(new SystemRegistration(new NoOp(), OptionalInt.empty()));
        }
        WorldSpec empty = WorldSpec.of(
                Path.of("bench/empty.sdf"),
                "1.11",
                "empty",
                BoxColumns.world(0).gravity(),
                new PhysicsSpec(BoxColumns.DT, 0, 0),
                List.of());
        int steps = 2_000_000;
        runLoop(empty, steps / 4, noOps);
        RunResult result = runLoop(empty, steps, noOps);
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "Empty world, physics + 10 no-op systems (each PreUpdate, Update, PostUpdate):"
                        + " %.3f us per step over %d steps (%.0f steps/s)%n",
                result.wallTimeNanos() / 1e3 / steps,
                steps,
                steps / (result.wallTimeNanos() / 1e9));
    }

    private static void systemTiming() {
        int systems = 20;
        long calls = 2_000_000;
        PreUpdate[] plain = new PreUpdate[systems];
        io.orrery.system.SystemManager manager = new io.orrery.system.SystemManager();
        for (int i = 0; i < systems; i++) {
            plain[i] = new NoOp();
            manager.add(plain[i]);
        }
        UpdateInfo info = new UpdateInfo(1_000_000, 0, 1_000_000, 1, false);
        long sink = 0;
        System.out.println();
        for (int round = 0; round <= ROUNDS; round++) { // round 0 warms up the JIT
            long t0 = System.nanoTime();
            for (long c = 0; c < calls; c++) {
                manager.runPreUpdate(info, null);
            }
            long t1 = System.nanoTime();
            for (long c = 0; c < calls; c++) {
                for (PreUpdate s : plain) {
                    try {
                        s.preUpdate(info, null);
                    } catch (RuntimeException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
            long t2 = System.nanoTime();
            for (long c = 0; c < calls * systems; c++) {
                sink += System.nanoTime();
            }
            long t3 = System.nanoTime();
            if (round > 0) {
                double timed = (t1 - t0) / (double) calls;
                double untimed = (t2 - t1) / (double) calls;
                System.out.printf(
                        Locale.ROOT,
                        "System timing round %d: %d no-op PreUpdate systems, %.1f ns a step"
                                + " timed by the manager, %.1f ns in a plain loop: %.1f ns per system per step; one clock"
                                + " read %.1f ns%n",
                        round,
                        systems,
                        timed,
                        untimed,
                        (timed - untimed) / systems,
                        (t3 - t2) / (double) (calls * systems));
            }
        }
        if (sink == 42) {
            System.out.println(); // keeps the clock reads from being optimized away
        }
    }

    private static void load() {
        Path file = Path.of("worlds/gazebo/3k_shapes.sdf");
        System.out.println();
        if (!Files.exists(file)) {
            System.out.println("load: " + file + " not found, skipped");
            return;
        }
        SdfReader reader = new SdfReader(List.of());
        JBulletPhysicsEngine engine = new JBulletPhysicsEngine();
        for (int round = 1; round <= 3; round++) {
            long t0 = System.nanoTime();
            WorldSpec world = reader.read(file);
            long t1 = System.nanoTime();
            PhysicsWorld physics = engine.build(world);
            long t2 = System.nanoTime();
            System.out.printf(
                    Locale.ROOT,
                    "3k_shapes.sdf round %d: parse %.0f ms, build %.0f ms, %d models, %d bodies" + "%n",
                    round,
                    (t1 - t0) / 1e6,
                    (t2 - t1) / 1e6,
                    world.models().size(),
                    physics.bodyCount());
            physics.close();
        }
    }

    private static RunResult runLoop(WorldSpec world, int steps, List<SystemRegistration> systems) throws Exception {
        SimulationRunner runner = SimulationRunner.builder(file -> world, world.source(), new JBulletPhysicsEngine())
                .systems(() -> systems)
                .settings(RunnerSettings.defaults().withRealTimeFactor(0).withStopAfterSteps(steps))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
        return runner.finished().get(30, TimeUnit.MINUTES);
    }

    private static final class NoOp implements PreUpdate, Update, PostUpdate, Stateless {
        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {}

        @Override
        public void update(UpdateInfo info, PhysicsWorld world) {}

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {}
    }
}
