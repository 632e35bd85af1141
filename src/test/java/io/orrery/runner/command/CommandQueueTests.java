package io.orrery.runner.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.lifecycle.SimState;
import io.orrery.runner.port.CommandQueueFullException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The queue's bound: bounded commands beyond it are refused at once, queued and deferred ones both count, what runs
 * makes room, and commands that stop, pause, release or read are never refused for room. Nothing accepted is lost.
 */
class CommandQueueTests {

    final CommandQueue queue = new CommandQueue(3);
    final List<String> ran = new ArrayList<>();
    final Consumer<Command<?>> runner = c -> {
        c.run(SimState.STEP_END, SimState.STEP_END, Set.of());
    };

    Command<String> command(String name, Command.Kind kind) {
        return new Command<>(name, Command.ANY, kind, () -> {
            ran.add(name);
            return name;
        });
    }

    @Test
    void beyondTheBoundABoundedCommandIsRefusedAtOnceNamingItAndTheProperty() {
        for (int i = 0; i < 3; i++) {
            assertThat(queue.post(command("publish " + i, Command.Kind.ORDINARY)).future)
                    .isNotDone();
        }

        CompletableFuture<String> refused = queue.post(command("publish 3", Command.Kind.ORDINARY)).future;

        assertThat(refused).isCompletedExceptionally();
        assertThat(causeOf(refused)).isInstanceOfSatisfying(CommandQueueFullException.class, e -> {
            assertThat(e.limit()).isEqualTo(3);
            assertThat(e.command()).isEqualTo("publish 3");
            assertThat(e)
                    .hasMessage("'publish 3' refused: the runner has 3 commands waiting, the most"
                            + " orrery.max-pending-commands allows; try again shortly");
        });
        queue.runAll(runner);
        assertThat(ran).containsExactly("publish 0", "publish 1", "publish 2");
        assertThat(queue.waiting()).isZero();
        assertThat(queue.post(command("publish 4", Command.Kind.ORDINARY)).future)
                .isNotDone();
    }

    /** Published messages are bounded by their bytes too; a single message larger than the bound still goes alone. */
    @Test
    void beyondTheBytesBoundAPublishIsRefusedAndRunningMakesRoom() {
        CommandQueue bytes = new CommandQueue(100, 1000);
        assertThat(bytes.post(publish("a", 600)).future).isNotDone();
        assertThat(bytes.post(publish("b", 400)).future).isNotDone();

        CompletableFuture<String> refused = bytes.post(publish("c", 1)).future;

        assertThat(causeOf(refused)).isInstanceOfSatisfying(CommandQueueFullException.class, e -> {
            assertThat(e.property()).isEqualTo("orrery.max-pending-publish-bytes");
            assertThat(e.limit()).isEqualTo(1000);
            assertThat(e).hasMessageContaining("1000 bytes of messages wait");
        });
        assertThat(bytes.waiting()).isEqualTo(2);
        bytes.runAll(runner);
        assertThat(ran).containsExactly("a", "b");
        assertThat(bytes.waitingBytes()).isZero();
        assertThat(bytes.post(publish("huge", 5000)).future)
                .as("alone, it goes")
                .isNotDone();
        assertThat(causeOf(bytes.post(publish("d", 1)).future)).isInstanceOf(CommandQueueFullException.class);
    }

    Command<String> publish(String name, long size) {
        return new Command<>(name, Command.ANY, Command.Kind.ORDINARY, true, size, () -> {
            ran.add(name);
            return name;
        });
    }

    @Test
    void deferredCommandsStillCountUntilTheyRun() {
        for (int i = 0; i < 3; i++) {
            queue.post(command("edit " + i, Command.Kind.ORDINARY));
        }
        queue.runDuringBatch(runner); // a step batch holds ordinary commands back

        assertThat(ran).isEmpty();
        assertThat(queue.waiting()).isEqualTo(3);
        assertThat(queue.post(command("edit 3", Command.Kind.ORDINARY)).future).isCompletedExceptionally();
        queue.runAll(runner);
        assertThat(ran).containsExactly("edit 0", "edit 1", "edit 2");
    }

    @Test
    void stopPauseReleaseAndReadsAreNeverRefusedForRoom() {
        for (int i = 0; i < 3; i++) {
            queue.post(command("publish " + i, Command.Kind.ORDINARY));
        }

        List<CompletableFuture<String>> exempt = List.of(
                queue.post(command("stop", Command.Kind.INTERRUPT)).future,
                queue.post(command("snapshot", Command.Kind.READ)).future,
                queue.post(new Command<>("release", Command.ANY, Command.Kind.ORDINARY, false, () -> "release"))
                        .future);

        assertThat(exempt).allSatisfy(f -> assertThat(f).isNotDone());
        queue.runAll(runner);
        assertThat(exempt).allSatisfy(f -> assertThat(f).isCompleted());
        assertThat(ran).containsExactly("publish 0", "publish 1", "publish 2", "stop", "snapshot");
    }

    @Test
    void closingRefusesWhatWaitsAndFreesTheCount() {
        queue.post(command("publish", Command.Kind.ORDINARY));
        queue.runDuringBatch(runner);
        queue.post(command("spawn", Command.Kind.ORDINARY));

        queue.close();

        assertThat(queue.waiting()).isZero();
        assertThat(ran).isEmpty();
    }

    private static Throwable causeOf(CompletableFuture<?> f) {
        try {
            f.get();
            throw new AssertionError("not failed: " + f);
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
