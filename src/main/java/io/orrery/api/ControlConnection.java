package io.orrery.api;

import io.orrery.runner.ControlHandle;
import java.io.IOException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.PingMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * One client of the control WebSocket: its hold on the simulation, if it acquired it, and its answers on their way
 * out. Answers are queued from whichever thread completes a command (the runner's, often) without ever waiting,
 * rendered and sent in order by one sender at a time on the send pool; a client that lets more than the backlog
 * pile up is not reading, and is disconnected. Pings go out through the same queue (a session sends one frame at a
 * time); when the client was last heard from (a frame or a pong) tells a live client from a dead host.
 */
final class ControlConnection {

    private static final Logger log = LoggerFactory.getLogger(ControlConnection.class);

    /** The close status for a client that does not read its answers. */
    static final CloseStatus NOT_READING = CloseStatus.POLICY_VIOLATION.withReason("answers not read");

    private final WebSocketSession session;
    private final String name;
    private final Executor sender;
    private final int backlog;
    private final Queue<Supplier<String>> outbox = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean sending = new AtomicBoolean();
    private final AtomicBoolean pingQueued = new AtomicBoolean();
    private volatile ControlHandle handle;
    private volatile boolean closed;
    private volatile long lastHeardNanos = System.nanoTime();

    /** Stands for a ping in the outbox. */
    private static final Supplier<String> PING = () -> null;

    ControlConnection(WebSocketSession session, String name, Executor sender, int backlog) {
        this.session = session;
        this.name = name;
        this.sender = sender;
        this.backlog = backlog;
    }

    /** How the connection names itself to the runner and to those it refuses. */
    String name() {
        return name;
    }

    ControlHandle handle() {
        return handle;
    }

    void hold(ControlHandle h) {
        handle = h;
    }

    /** Forgets the hold (after a release) and returns it, if there was one. */
    ControlHandle letGo() {
        ControlHandle h = handle;
        handle = null;
        return h;
    }

    boolean isClosed() {
        return closed;
    }

    /** The client sent a frame or a pong: it is alive. */
    void heard() {
        lastHeardNanos = System.nanoTime();
    }

    /** When the client was last heard from, on {@link System#nanoTime()}'s clock. */
    long lastHeardNanos() {
        return lastHeardNanos;
    }

    /** Queues a ping, unless one is still on its way out; never blocks. */
    void ping() {
        if (pingQueued.compareAndSet(false, true)) {
            answer(PING);
        }
    }

    /** Queues an answer, rendered on the send pool; never blocks. Over the backlog, the client is cut off. */
    void answer(Supplier<String> frame) {
        if (closed) {
            return;
        }
        if (queued.incrementAndGet() > backlog) {
            log.warn("Control client {} has not read its last {} answers: disconnected", name, backlog);
            cutOff(NOT_READING);
            return;
        }
        outbox.add(frame);
        if (sending.compareAndSet(false, true)) {
            sender.execute(this::drain);
        }
    }

    /**
     * Closes the connection from the send pool: from now on nothing is queued, and the close itself, which may wait
     * on a socket that takes nothing, never waits on the caller's thread.
     */
    void cutOff(CloseStatus status) {
        closed = true;
        outbox.clear();
        sender.execute(() -> closeSession(status));
    }

    private void drain() {
        try {
            Supplier<String> next;
            while (!closed && (next = outbox.poll()) != null) {
                if (next == PING) {
                    pingQueued.set(false);
                    session.sendMessage(new PingMessage());
                } else {
                    session.sendMessage(new TextMessage(next.get()));
                }
                queued.decrementAndGet();
            }
        } catch (IOException | RuntimeException e) {
            log.debug("Control client {}: an answer could not be sent: {}", name, e.toString());
            close(CloseStatus.SERVER_ERROR);
        } finally {
            sending.set(false);
        }
        if (!closed && !outbox.isEmpty() && sending.compareAndSet(false, true)) {
            sender.execute(this::drain);
        }
    }

    /** The client or the server closed the connection: nothing more is sent. */
    void closed() {
        closed = true;
        outbox.clear();
    }

    /** Closes the connection (its hold is let go by the handler when Spring reports the close). */
    void close(CloseStatus status) {
        if (closed) {
            return;
        }
        closed();
        closeSession(status);
    }

    private void closeSession(CloseStatus status) {
        try {
            session.close(status);
        } catch (IOException | RuntimeException e) {
            log.debug("Control client {}: close failed: {}", name, e.toString());
        }
    }
}
