package io.orrery.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saves of a 10,000-model world, killed with SIGKILL at random (seeded) moments in a real child process: the target
 * is always absent, the previous version or the new one, and loads; killed saves' temporary files are gone at the
 * next start. {@value #KILLS} kills here; the benchmark runner's {@code crash-saves} does 20 (docs/performance.md).
 */
class CrashSafeSaveTests {

    static final int KILLS = 2;

    @TempDir
    Path dir;

    @Test
    void aKilledSaveLeavesThePreviousOrTheNewWorldWhole() throws Exception {
        CrashingSaves.Figures figures = new CrashingSaves(dir, 10_000, 20261122L).run(KILLS);

        assertThat(figures.absent() + figures.previous() + figures.fresh()).isEqualTo(KILLS);
        assertThat(figures.fresh())
                .as("the first round saves before its kill: %s", figures)
                .isPositive();
        System.out.println("Crash-safe saves: " + figures);
    }
}
