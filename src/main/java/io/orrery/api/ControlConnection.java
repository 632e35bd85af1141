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
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * One client of the control WebSocket: its hold on the simulation, if it acquired it, and its answers on their way
 * out. Answers are queued from whichever thread completes a command (the runner's, often) without ever waiting,
 * rendered and sent in order by one sender at a time on the send pool; a client that lets more than the backlog
 * pile up is not reading, and is disconnected.
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
    private volatile ControlHandle handle;
    private volatile boolean closed;

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

    /** Queues an answer, rendered on the send pool; never blocks. Over the backlog, the client is cut off. */
    void answer(Supplier<String> frame) {
        if (closed) {
            return;
        }
        if (queued.incrementAndGet() > backlog) {
            log.warn("Control client {} has not read its last {} answers: disconnected", name, backlog);
            closed = true; // from now on nothing is queued; the close itself may wait on the socket: not here
            outbox.clear();
            sender.execute(() -> closeSession(NOT_READING));
            return;
        }
        outbox.add(frame);
        if (sending.compareAndSet(false, true)) {
            sender.execute(this::drain);
        }
    }

    private void drain() {
        try {
            Supplier<String> next;
            while (!closed && (next = outbox.poll()) != null) {
                String text = next.get();
                session.sendMessage(new TextMessage(text));
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
