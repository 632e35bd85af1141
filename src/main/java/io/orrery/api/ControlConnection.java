package io.orrery.api;

import io.orrery.log.LogSafe;
import io.orrery.runner.port.ControlHandle;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.PingMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * One client of the control WebSocket: its hold on the simulation, if it acquired it, its requests in the order they
 * came, and their answers on their way out. A request is carried out once the one before it has been answered (so
 * it sees what that one did: an acquire's hold, a step's world), and its answer takes the next place in the outbox
 * when the request comes, so answers go out in request order whichever finishes first. Nothing here waits: a
 * request's turn comes on the thread that completed the one before (the runner's, often, which only posts the next
 * command then), and answers are rendered and sent by one sender at a time on the send pool. A client that lets more
 * than the backlog of answers (pending or unsent) pile up is not reading, and is disconnected. Pings go out between
 * answers, never behind one still pending (a long step must not starve them); when the client was last heard from (a
 * frame or a pong) tells a live client from a dead host.
 */
final class ControlConnection {

    private static final Logger log = LoggerFactory.getLogger(ControlConnection.class);

    /** The close status for a client that does not read its answers. */
    static final CloseStatus NOT_READING = CloseStatus.POLICY_VIOLATION.withReason("answers not read");

    /** Camera image bytes a connection's answers may hold unsent: 256 MiB, four of the largest images drawn. */
    static final long MAX_IMAGE_BYTES = 256L << 20;

    private final WebSocketSession session;
    private final String name;
    private final Executor sender;
    private final int backlog;
    /** The answers in request order, each complete once its request has been carried out. */
    private final Queue<CompletableFuture<Supplier<ControlReply>>> outbox = new ConcurrentLinkedQueue<>();

    private final AtomicInteger queued = new AtomicInteger();
    /** Bytes of camera images answered and not yet sent. */
    private final AtomicLong imageBytes = new AtomicLong();

    private final AtomicBoolean sending = new AtomicBoolean();
    private volatile ControlHandle handle;
    private volatile boolean closed;
    /** The last request's answer: the next request waits for it. Socket thread only (one frame at a time). */
    private CompletableFuture<?> last = CompletableFuture.completedFuture(null);

    private final AtomicBoolean pingQueued = new AtomicBoolean();
    private volatile long lastHeardNanos = System.nanoTime();

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

    /** Sends a ping as soon as the frame being sent is out, unless one is still on its way; never blocks. */
    void ping() {
        if (pingQueued.compareAndSet(false, true)) {
            send();
        }
    }

    /**
     * Socket thread, one frame at a time: carries out {@code request} once the previous request has been answered
     * and queues its answer in the next place of the outbox; never blocks. What {@code request} throws is its
     * answer's failure; {@code answer} turns its result or failure into the frame to send. Over the backlog, the
     * client is cut off.
     */
    <T> void request(Supplier<CompletableFuture<T>> request, BiFunction<T, Throwable, Supplier<ControlReply>> answer) {
        if (closed) {
            return;
        }
        CompletableFuture<Supplier<ControlReply>> answered = last.handle((ignored, failure) -> null)
                .thenCompose(ignored -> carryOut(request))
                .handle(answer);
        last = answered;
        if (queued.incrementAndGet() > backlog) {
            log.warn("Control client {} has not read its last {} answers: disconnected", LogSafe.of(name), backlog);
            cutOff(NOT_READING);
            return;
        }
        outbox.add(answered);
        answered.whenComplete((frame, failure) -> send());
    }

    /**
     * A step's answer holds {@code bytes} of camera images until they are sent: a client that lets more than
     * {@link #MAX_IMAGE_BYTES} pile up unread is cut off, as one that leaves its answers unread.
     */
    void holdImages(long bytes) {
        if (imageBytes.addAndGet(bytes) > MAX_IMAGE_BYTES && !closed) {
            log.warn(
                    "Control client {} has left over {} bytes of camera images unread: disconnected",
                    LogSafe.of(name),
                    MAX_IMAGE_BYTES);
            cutOff(NOT_READING);
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

    /** The request's future, failed with what it threw, or because the connection has closed since it came. */
    private <T> CompletableFuture<T> carryOut(Supplier<CompletableFuture<T>> request) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the connection has closed"));
        }
        try {
            return request.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Starts a sender unless one runs: the answer at the head of the outbox may be ready. */
    private void send() {
        if (!closed && sending.compareAndSet(false, true)) {
            sender.execute(this::drain);
        }
    }

    private void drain() {
        try {
            while (!closed) {
                if (pingQueued.compareAndSet(true, false)) {
                    session.sendMessage(new PingMessage());
                    continue;
                }
                CompletableFuture<Supplier<ControlReply>> head = outbox.peek();
                if (head == null || !head.isDone()) {
                    break;
                }
                outbox.poll();
                ControlReply reply = head.join().get();
                session.sendMessage(new TextMessage(reply.text()));
                for (ByteBuffer frame : reply.binary()) {
                    int bytes = frame.remaining();
                    session.sendMessage(new BinaryMessage(frame));
                    imageBytes.addAndGet(-bytes);
                }
                queued.decrementAndGet();
            }
        } catch (IOException | RuntimeException e) {
            log.debug("Control client {}: an answer could not be sent: {}", LogSafe.of(name), e.toString());
            close(CloseStatus.SERVER_ERROR);
        } finally {
            sending.set(false);
        }
        // An answer or a ping that became ready after the check above found a sender still running: send it now.
        CompletableFuture<Supplier<ControlReply>> head = outbox.peek();
        if (pingQueued.get() || (head != null && head.isDone())) {
            send();
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
            log.debug("Control client {}: close failed: {}", LogSafe.of(name), e.toString());
        }
    }
}
