package io.orrery.bench;

import io.orrery.corpus.Corpus;
import io.orrery.corpus.CorpusRobot;
import io.orrery.corpus.RestRun;
import io.orrery.physics.Articulation;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.bullet.BulletPhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code corpus} benchmark (issue 34): every robot of the corpus (src/test/resources/worlds/corpus/README.md) on
 * every engine and articulation mode, through the whole runner as {@code CorpusRestSimulationTests} runs it: what it
 * did in the second after its settling time (the figures the rest bounds are about; the motion is deterministic, so
 * they are the last round's) and the runner thread's CPU time per step in that second (the median of {@code
 * -Dorrery.bench.rounds}, 3, after one untimed round that warms the JIT up). The combinations alternate within each
 * round, so the old and the new default are measured side by side under the same load.
 *
 * <p>{@code -Dorrery.bench.corpus.robots=turtlebot3_burger,box_stacks} and {@code -Dorrery.bench.corpus.modes=bullet
 * constraints} run a part of the table (a change tried on one robot and mode measures in seconds, not the whole
 * table's minutes); the table in docs/physics-engines.md comes from the whole run.
 */
final class CorpusBenchmark {

    static final String NAME = "corpus";

    private CorpusBenchmark() {}

    static void run() throws Exception {
        int rounds = Integer.getInteger("orrery.bench.rounds", 3);
        Map<String, Articulation> modes = new LinkedHashMap<>();
        for (Articulation mode : Articulation.values()) {
            modes.put("jbullet " + mode.id(), mode);
            modes.put("bullet " + mode.id(), mode);
        }
        List<String> onlyModes = listed("orrery.bench.corpus.modes");
        if (!onlyModes.isEmpty()) {
            if (!modes.keySet().containsAll(onlyModes)) {
                throw new IllegalArgumentException(
                        "orrery.bench.corpus.modes: " + onlyModes + " names one not in " + modes.keySet());
            }
            modes.keySet().retainAll(onlyModes);
        }
        List<String> onlyRobots = listed("orrery.bench.corpus.robots");
        List<CorpusRobot> robots = onlyRobots.isEmpty()
                ? Corpus.robots()
                : onlyRobots.stream().map(Corpus::named).toList();
        Map<String, List<RestRun.Figures>> runs = new LinkedHashMap<>();
        String before = Benchmarks.loadAverage();
        for (int round = -1; round < rounds; round++) {
            for (CorpusRobot robot : robots) {
                for (Map.Entry<String, Articulation> mode : modes.entrySet()) {
                    RestRun.Figures figures = RestRun.run(robot, engine(mode.getKey(), mode.getValue()));
                    if (round >= 0) {
                        runs.computeIfAbsent(robot.name() + "|" + mode.getKey(), k -> new ArrayList<>())
                                .add(figures);
                    }
                }
            }
        }
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "corpus: each robot's settling time, then 1 s measured; CPU medians of %d rounds; %s before, %s"
                        + " after%n",
                rounds,
                before,
                Benchmarks.loadAverage());
        System.out.println("| robot | engine, mode | m/s | rad/s | held, rad | free, rad/s | IMU, m/s² |"
                + " µs a step | steps per CPU s |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        for (CorpusRobot robot : robots) {
            for (String mode : modes.keySet()) {
                List<RestRun.Figures> r = runs.get(robot.name() + "|" + mode);
                RestRun.Figures last = r.get(r.size() - 1);
                double micros = Benchmarks.median(r.stream()
                        .mapToDouble(RestRun.Figures::cpuMicrosPerStep)
                        .toArray());
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %s | %.1e | %.1e | %.1e | %.1e | %s | %.0f | %.0f |%n",
                        robot.name(),
                        mode,
                        last.linear(),
                        last.angular(),
                        last.held(),
                        last.free(),
                        last.imuReadings() == 0 ? "-" : String.format(Locale.ROOT, "%.1e", Math.max(0, last.imu())),
                        micros,
                        1e6 / micros);
            }
        }
    }

    /** A comma-separated list a system property names, empty when it is not set. */
    private static List<String> listed(String property) {
        String value = System.getProperty(property, "").strip();
        return value.isEmpty()
                ? List.of()
                : java.util.Arrays.stream(value.split(",")).map(String::strip).toList();
    }

    private static PhysicsEngine engine(String name, Articulation mode) {
        return name.startsWith("jbullet") ? new JBulletPhysicsEngine(mode) : new BulletPhysicsEngine(mode);
    }
}
