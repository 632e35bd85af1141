package io.orrery.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The reset section of a task: positions and velocities, each range checked, errors naming the file and the key. */
class TaskReaderTests {

    static final Path FILE = Path.of("reset.task.yaml");

    static String task(String reset) {
        return """
                name: t
                observations:
                  - {joint: m::j, field: velocity}
                actions:
                  - {joint: m::j, command: effort, low: -1, high: 1}
                reset:
                """ + reset;
    }

    @Test
    void aResetRangeIsAPositionUnlessItSaysVelocity() {
        Task t = TaskReader.parse(
                FILE,
                task("  - {joint: m::j, low: -0.1, high: 0.1}\n"
                        + "  - {joint: m::j, field: velocity, low: -0.05, high: 0.05}\n"));
        assertThat(t.resets())
                .containsExactly(
                        new Task.ResetRange("m", "j", false, -0.1, 0.1),
                        new Task.ResetRange("m", "j", true, -0.05, 0.05));
    }

    @Test
    void theCartPolesTaskDrawsAllFourStatesAsGymnasiumDoes() {
        Task t = TaskReader.read(Path.of("worlds/cartpole.task.yaml"));
        assertThat(t.resets())
                .containsExactly(
                        new Task.ResetRange("cartpole", "slider", false, -0.05, 0.05),
                        new Task.ResetRange("cartpole", "slider", true, -0.05, 0.05),
                        new Task.ResetRange("cartpole", "hinge", false, -0.05, 0.05),
                        new Task.ResetRange("cartpole", "hinge", true, -0.05, 0.05));
    }

    @Test
    void anUnknownFieldIsRefusedNamingTheFileAndTheKey() {
        assertThatThrownBy(() -> TaskReader.parse(FILE, task("  - {joint: m::j, field: effort, low: 0, high: 1}\n")))
                .isInstanceOf(TaskException.class)
                .hasMessageContaining("reset.task.yaml: reset[0].field: expected position or velocity, got 'effort'");
    }

    @Test
    void aVelocityBeyondTheSpeedBoundIsRefused() {
        assertThatThrownBy(() ->
                        TaskReader.parse(FILE, task("  - {joint: m::j, field: velocity, low: -1, high: 20000}\n")))
                .isInstanceOf(TaskException.class)
                .hasMessageContaining("reset.task.yaml: reset[0]: a velocity beyond 10000.0 m/s or rad/s");
    }

    @Test
    void anEmptyOrReversedRangeIsRefused() {
        assertThatThrownBy(() ->
                        TaskReader.parse(FILE, task("  - {joint: m::j, field: velocity, low: 0.1, high: -0.1}\n")))
                .isInstanceOf(TaskException.class)
                .hasMessageContaining("reset.task.yaml: reset[0]: expected finite low <= high");
    }
}
