package io.orrery.runner;

import io.orrery.lifecycle.SimState;
import java.util.ArrayDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Commands on their way to the runner thread. Any thread posts; the runner thread takes them between steps,
 * defers what cannot run yet (while plugins start, while a step batch runs) and runs the deferred ones first,
 * in the order they came. Once closed, every command is refused.
 */
final class CommandQueue {

    private final LinkedBlockingQueue<Command<?>> incoming = new LinkedBlockingQueue<>();
    private final ArrayDeque<Command<?>> deferred = new ArrayDeque<>(); // runner thread only
    private volatile boolean closed;

    /** Queues a command; refuses it at once after {@link #close}. */
    <T> Command<T> post(Command<T> command) {
        if (closed) {
            command.refuse(SimState.DISCONNECT);
            return command;
        }
        incoming.add(command);
        if (closed) {
            // The runner closed between the check and the add: refuse what it can no longer take.
            refuseIncoming();
        }
        return command;
    }

    /** Runs every deferred command, then every queued one, in order. */
    void runAll(Consumer<Command<?>> runner) {
        Command<?> c;
        while ((c = deferred.poll()) != null) {
            runner.accept(c);
        }
        while ((c = incoming.poll()) != null) {
            runner.accept(c);
        }
    }

    /**
     * Inside a step batch: runs the queued reads and interrupts now, defers the rest until the batch has ended.
     */
    void runDuringBatch(Consumer<Command<?>> runner) {
        Command<?> c;
        while ((c = incoming.poll()) != null) {
            if (c.kind == Command.Kind.ORDINARY) {
                deferred.add(c);
            } else {
                runner.accept(c);
            }
        }
    }

    /** While loading: runs the queued commands allowed in LOADING and defers the rest, waiting up to a period. */
    void runWhileLoading(long waitNanos, Consumer<Command<?>> runner) throws InterruptedException {
        Command<?> c = incoming.poll(waitNanos, TimeUnit.NANOSECONDS);
        while (c != null) {
            if (c.allowedIn.contains(Mode.LOADING)) {
                runner.accept(c);
            } else {
                deferred.add(c);
            }
            c = incoming.poll();
        }
    }

    /** Waits up to {@code waitNanos} for a command and runs it with whatever else is queued. */
    void awaitAndRun(long waitNanos, Consumer<Command<?>> runner) throws InterruptedException {
        Command<?> first = deferred.isEmpty() ? incoming.poll(waitNanos, TimeUnit.NANOSECONDS) : null;
        if (first != null) {
            runner.accept(first);
        }
        runAll(runner);
    }

    /** Refuses everything queued and everything posted from now on (runner thread). */
    void close() {
        closed = true;
        Command<?> c;
        while ((c = deferred.poll()) != null) {
            c.refuse(SimState.DISCONNECT);
        }
        refuseIncoming();
    }

    private void refuseIncoming() {
        Command<?> c;
        while ((c = incoming.poll()) != null) {
            c.refuse(SimState.DISCONNECT);
        }
    }
}
