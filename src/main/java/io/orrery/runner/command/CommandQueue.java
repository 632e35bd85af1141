package io.orrery.runner.command;

import io.orrery.lifecycle.SimState;
import io.orrery.runner.port.CommandQueueFullException;
import java.util.ArrayDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Commands on their way to the runner thread. Any thread posts; the runner thread takes them between steps,
 * defers what cannot run yet (while plugins start, while a step batch runs) and runs the deferred ones first,
 * in the order they came. Once closed, every command is refused.
 *
 * <p>Bounded: at most {@code capacity} bounded commands wait at once, queued or deferred (a flood of topic publishes
 * during a long step batch or a slow reload would otherwise grow until the JVM dies). One more is refused at once
 * with {@link CommandQueueFullException}; what was accepted is never dropped to make room. Commands that end or
 * interrupt something (stop, pause, a controller's release) and reads, each of which holds its caller's thread, are
 * never refused for room. The data the commands carry is bounded too: at most {@code maxBytes} of published messages
 * wait at once (a thousand one-megabyte publishes fit the count); one more is refused the same way, unless nothing
 * waits, so a single message larger than the bound still goes.
 */
public final class CommandQueue {

    private final LinkedBlockingQueue<Command<?>> incoming = new LinkedBlockingQueue<>();
    private final ArrayDeque<Command<?>> deferred = new ArrayDeque<>(); // runner thread only
    private final int capacity;
    /** Bounded commands accepted and not yet taken to run or refused. */
    private final AtomicInteger waiting = new AtomicInteger();

    private final long maxBytes;
    /** Bytes the commands accepted and not yet taken carry. */
    private final AtomicLong waitingBytes = new AtomicLong();

    private volatile boolean closed;

    public CommandQueue(int capacity) {
        this(capacity, Long.MAX_VALUE);
    }

    public CommandQueue(int capacity, long maxBytes) {
        if (capacity < 1 || maxBytes < 1) {
            throw new IllegalArgumentException(
                    "capacity and bytes must be at least 1, got " + capacity + " and " + maxBytes);
        }
        this.capacity = capacity;
        this.maxBytes = maxBytes;
    }

    /** Queues a command; refuses it at once after {@link #close}, or when it is bounded and the queue is full. */
    public <T> Command<T> post(Command<T> command) {
        if (closed) {
            command.refuse(SimState.DISCONNECT);
            return command;
        }
        if (command.bounded && waiting.incrementAndGet() > capacity) {
            waiting.decrementAndGet();
            command.future.completeExceptionally(new CommandQueueFullException(command.name, capacity));
            return command;
        }
        if (command.bytes > 0) {
            long total = waitingBytes.addAndGet(command.bytes);
            if (total > maxBytes && total != command.bytes) {
                waitingBytes.addAndGet(-command.bytes);
                if (command.bounded) {
                    waiting.decrementAndGet();
                }
                command.future.completeExceptionally(
                        CommandQueueFullException.ofBytes(command.name, total - command.bytes, maxBytes));
                return command;
            }
        }
        incoming.add(command);
        if (closed) {
            // The runner closed between the check and the add: refuse what it can no longer take.
            refuseIncoming();
        }
        return command;
    }

    /** Runs every deferred command, then every queued one, in order. */
    public void runAll(Consumer<Command<?>> runner) {
        Command<?> c;
        while ((c = deferred.poll()) != null) {
            run(c, runner);
        }
        while ((c = incoming.poll()) != null) {
            run(c, runner);
        }
    }

    /** How many bounded commands wait now, queued or deferred. */
    public int waiting() {
        return waiting.get();
    }

    /** Taken out to run: it no longer counts against the bound (what it posts while running may take its place). */
    private void run(Command<?> c, Consumer<Command<?>> runner) {
        taken(c);
        runner.accept(c);
    }

    private void taken(Command<?> c) {
        if (c.bounded) {
            waiting.decrementAndGet();
        }
        if (c.bytes > 0) {
            waitingBytes.addAndGet(-c.bytes);
        }
    }

    /** How many bytes the commands waiting now carry. */
    long waitingBytes() {
        return waitingBytes.get();
    }

    /**
     * Inside a step batch: runs the queued reads and interrupts now, defers the rest until the batch has ended.
     */
    public void runDuringBatch(Consumer<Command<?>> runner) {
        Command<?> c;
        while ((c = incoming.poll()) != null) {
            if (c.kind == Command.Kind.ORDINARY) {
                deferred.add(c);
            } else {
                run(c, runner);
            }
        }
    }

    /** While loading: runs the queued commands allowed in LOADING and defers the rest, waiting up to a period. */
    public void runWhileLoading(long waitNanos, Consumer<Command<?>> runner) throws InterruptedException {
        Command<?> c = incoming.poll(waitNanos, TimeUnit.NANOSECONDS);
        while (c != null) {
            if (c.acceptedWhileLoading()) {
                run(c, runner);
            } else {
                deferred.add(c);
            }
            c = incoming.poll();
        }
    }

    /** Waits up to {@code waitNanos} for a command and runs it with whatever else is queued. */
    public void awaitAndRun(long waitNanos, Consumer<Command<?>> runner) throws InterruptedException {
        Command<?> first = deferred.isEmpty() ? incoming.poll(waitNanos, TimeUnit.NANOSECONDS) : null;
        if (first != null) {
            run(first, runner);
        }
        runAll(runner);
    }

    /** Refuses everything queued and everything posted from now on (runner thread). */
    public void close() {
        closed = true;
        Command<?> c;
        while ((c = deferred.poll()) != null) {
            taken(c);
            c.refuse(SimState.DISCONNECT);
        }
        refuseIncoming();
    }

    private void refuseIncoming() {
        Command<?> c;
        while ((c = incoming.poll()) != null) {
            taken(c);
            c.refuse(SimState.DISCONNECT);
        }
    }
}
