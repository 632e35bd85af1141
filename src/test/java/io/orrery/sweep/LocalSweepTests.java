package io.orrery.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local sweep as docs/sweeps.md runs it, on examples/sweep's own values and worlds: real Helm renders the sweep,
 * real Orrery processes run each scenario by its index.
 */
class LocalSweepTests {

    @TempDir
    Path dir;

    @Test
    void theExampleSweepsThreeScenariosByIndexWithTheirExpectedOutcomes() throws Exception {
        List<String> launcher = List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.orrery.OrreryApplication");

        List<String> progress = new CopyOnWriteArrayList<>();
        List<LocalSweep.Outcome> outcomes = new LocalSweep(
                        Path.of("examples/sweep/sweep.yaml"),
                        Path.of("examples/sweep/worlds"),
                        dir.resolve("results"),
                        launcher,
                        progress::add)
                .run();

        assertThat(outcomes)
                .extracting(
                        LocalSweep.Outcome::index,
                        LocalSweep.Outcome::name,
                        LocalSweep.Outcome::outcome,
                        LocalSweep.Outcome::exitCode)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0, "settles", "success", 0),
                        org.assertj.core.groups.Tuple.tuple(1, "deadline", "failure", 9),
                        org.assertj.core.groups.Tuple.tuple(2, "broken", "no-start", 4));
        assertThat(outcomes.get(0).simTime()).isEqualTo(0.5);
        assertThat(outcomes.get(1).simTime()).isEqualTo(0.2);
        // Each index wrote its own report under results/<index>/, as the Job does under /results/<index>/.
        assertThat(outcomes.get(0).report())
                .isEqualTo(dir.resolve("results/0/result.json").toAbsolutePath());
        // why each ended so, and where to read more
        assertThat(outcomes.get(0).why()).isEmpty();
        assertThat(outcomes.get(1).why()).isEqualTo("trigger 'deadline' (time=0.2 → fail) fired at sim time 0.2 s");
        assertThat(outcomes.get(2).why()).contains("broken.sdf");
        String table = LocalSweep.table(outcomes);
        assertThat(table)
                .contains("settles")
                .contains("success")
                .contains("no-start")
                .contains("trigger 'deadline'")
                .contains(outcomes.get(2).why().substring(0, 40))
                .contains(dir.resolve("results/1/result.json").toAbsolutePath().toString());
        // what it said while it ran: where the reports go, then each end with done of total and the time left
        assertThat(progress.get(0))
                .startsWith("sweep of 3 scenarios from examples/sweep/sweep.yaml, 2 at once")
                .contains(dir.resolve("results").toString());
        assertThat(progress)
                .filteredOn(l -> l.contains(": success (exit 0)")
                        || l.contains(": failure (exit 9)")
                        || l.contains(": no-start (exit 4)"))
                .hasSize(3)
                .anyMatch(l -> l.startsWith("[1/3 done, ") && l.contains(" left] "))
                .anyMatch(l -> l.startsWith("[3/3 done, ") && l.contains(", none left] "));
    }
}
