package io.orrery.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
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

        List<LocalSweep.Outcome> outcomes = new LocalSweep(
                        Path.of("examples/sweep/sweep.yaml"),
                        Path.of("examples/sweep/worlds"),
                        dir.resolve("results"),
                        launcher)
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
        assertThat(LocalSweep.table(outcomes))
                .contains("settles")
                .contains("success")
                .contains("no-start");
    }
}
