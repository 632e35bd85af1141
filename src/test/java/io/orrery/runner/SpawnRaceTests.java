package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orrery.physics.ModelState;
import io.orrery.runner.port.ModelExistsException;
import io.orrery.world.ModelSpec;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A spawn of a name the world holds by the time the runner applies it (another spawn, or a reload that brought the
 * model, got there first) is refused on the runner thread as the name taken, whatever a caller saw before.
 */
class SpawnRaceTests {

    @RegisterExtension
    final RunnerFixture fixture = new RunnerFixture();

    @Test
    void theSecondOfTwoSpawnsOfOneNameIsRefusedAsTheNameTaken() throws Exception {
        SimulationRunner runner = fixture.startPaused(fixture.worldWith(""));
        ModelSpec box = RunnerFixture.READER.readModel(
                "<model name='raced'><pose>0 0 5 0 0 0</pose><link name='l'><inertial><mass>1</mass></inertial>"
                        + "<collision name='c'><geometry><box><size>1 1 1</size></box></geometry></collision>"
                        + "</link></model>",
                "test");

        // both posted before either is applied: the caller of the second could not have known
        CompletableFuture<ModelState> first = runner.edits().spawn(box);
        CompletableFuture<ModelState> second = runner.edits().spawn(box);

        assertThat(first.get(10, TimeUnit.SECONDS).name()).isEqualTo("raced");
        Throwable refused = catchThrowable(() -> second.get(10, TimeUnit.SECONDS));
        assertThat(refused).isInstanceOf(ExecutionException.class);
        assertThat(refused.getCause())
                .isInstanceOf(ModelExistsException.class)
                .hasMessageContaining("a model named 'raced' already exists");
        assertThat(((ModelExistsException) refused.getCause()).model()).isEqualTo("raced");
        assertThat(runner.reads().snapshot().models().stream()
                        .filter(m -> m.name().equals("raced"))
                        .count())
                .as("one model of that name")
                .isEqualTo(1);
    }
}
