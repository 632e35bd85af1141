package io.orrery.transport.foxglove;

import com.google.protobuf.Message;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * One Foxglove client: its subscriptions, the channels it advertised, and two outgoing queues. Control frames
 * (server info, advertisements, answers) are never dropped: a client that lets more than their bound pile up is not
 * reading, and is disconnected. Message data is bounded too, but a full queue drops its oldest message and counts
 * it, so a stalled client sees the newest state when it catches up and the runner, which only queues, never waits on
 * it. One sender at a time per connection, on the send pool, encodes and sends; a message goes out behind a time
 * frame whenever its sim time moved on.
 */
final class Connection {

    private static final Logger log = LoggerFactory.getLogger(Connection.class);

    /** The close status for a client that does not read what it asked for. */
    static final CloseStatus NOT_READING = CloseStatus.POLICY_VIOLATION.withReason("not reading");

    /** A message waiting to be sent on a subscription. */
    private record Pending(int subscription, int channel, long timeNanos, Message message) {}

    private final WebSocketSession session;
    private final String name;
    private final Executor sender;
    private final int maxData;
    private final int maxControl;
    private final boolean mayControl;

    private final ArrayDeque<WebSocketMessage<?>> control = new ArrayDeque<>();
    private final ArrayDeque<Pending> data = new ArrayDeque<>();
    private final AtomicBoolean sending = new AtomicBoolean();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();
    private volatile boolean closed;
    private long lastTimeNanos = Long.MIN_VALUE;

    /** Subscription id to channel id, and back (a client subscribes to a channel once). */
    final Map<Integer, Integer> subscriptions = new ConcurrentHashMap<>();

    final Map<Integer, Integer> byChannel = new ConcurrentHashMap<>();
    /** The channels this client advertised, by its ids. */
    final Map<Long, ClientChannel> advertised = new ConcurrentHashMap<>();

    Connection(
            WebSocketSession session, String name, Executor sender, int maxData, int maxControl, boolean mayControl) {
        this.session = session;
        this.name = name;
        this.sender = sender;
        this.maxData = maxData;
        this.maxControl = maxControl;
        this.mayControl = mayControl;
    }

    String name() {
        return name;
    }

    /** True when the client presented the token (or none is configured): it may publish and call services. */
    boolean mayControl() {
        return mayControl;
    }

    boolean isClosed() {
        return closed;
    }

    /** Messages dropped because this client did not keep up. */
    long dropped() {
        return dropped.get();
    }

    /** Messages waiting to be sent now: never more than {@code orrery.foxglove.max-queued-messages}. */
    synchronized int queued() {
        return data.size();
    }

    /** Message data frames sent. */
    long sent() {
        return sent.get();
    }

    /** Queues a JSON frame; over the bound the client is cut off. Any thread; never blocks. */
    void sendText(String json) {
        queueControl(new TextMessage(json));
    }

    /** Queues a binary control frame (a service's answer); over the bound the client is cut off. */
    void sendBinary(ByteBuffer frame) {
        queueControl(new BinaryMessage(frame));
    }

    private void queueControl(WebSocketMessage<?> m) {
        boolean over;
        synchronized (this) {
            if (closed) {
                return;
            }
            control.addLast(m);
            over = control.size() > maxControl;
        }
        if (over) {
            log.warn("Foxglove client {} has not read its last {} control frames: disconnected", name, maxControl);
            cutOff(NOT_READING);
            return;
        }
        send();
    }

    /**
     * Queues a message on {@code subscription}: the runner's thread calls this, so it only queues, dropping the oldest
     * waiting message when the queue is full.
     */
    void offer(int subscription, int channel, long timeNanos, Message message) {
        synchronized (this) {
            if (closed) {
                return;
            }
            if (data.size() >= maxData) {
                data.pollFirst();
                dropped.incrementAndGet();
            }
            data.addLast(new Pending(subscription, channel, timeNanos, message));
        }
        send();
    }

    /** Closes from the send pool: nothing more is queued, and the close never waits on the caller's thread. */
    void cutOff(CloseStatus status) {
        closed();
        sender.execute(() -> closeSession(status));
    }

    /** The socket closed: nothing more is queued or sent. */
    void closed() {
        synchronized (this) {
            closed = true;
            control.clear();
            data.clear();
        }
    }

    private void send() {
        if (!closed && sending.compareAndSet(false, true)) {
            sender.execute(this::drain);
        }
    }

    private void drain() {
        try {
            while (!closed) {
                WebSocketMessage<?> next;
                Pending p = null;
                synchronized (this) {
                    next = control.pollFirst();
                    if (next == null) {
                        p = data.pollFirst();
                    }
                }
                if (next != null) {
                    session.sendMessage(next);
                } else if (p != null) {
                    sendData(p);
                } else {
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            log.debug("Foxglove client {}: a frame could not be sent: {}", name, e.toString());
            closed();
            closeSession(CloseStatus.SERVER_ERROR);
        } finally {
            sending.set(false);
        }
        boolean more;
        synchronized (this) {
            more = !control.isEmpty() || !data.isEmpty();
        }
        if (more) { // queued after the loop looked, while this sender was still marked as running
            send();
        }
    }

    private void sendData(Pending p) throws IOException {
        Integer channel = subscriptions.get(p.subscription());
        if (channel == null || channel != p.channel()) {
            return; // unsubscribed while it waited
        }
        if (p.timeNanos() != lastTimeNanos) { // forward, or back to 0 after a reset
            lastTimeNanos = p.timeNanos();
            session.sendMessage(new BinaryMessage(Frames.time(p.timeNanos())));
        }
        session.sendMessage(new BinaryMessage(
                Frames.messageData(p.subscription(), p.timeNanos(), p.message().toByteArray())));
        sent.incrementAndGet();
    }

    private void closeSession(CloseStatus status) {
        try {
            if (session.isOpen()) {
                session.close(status);
            }
        } catch (IOException e) {
            log.debug("Foxglove client {}: closing failed: {}", name, e.toString());
        }
    }

    /**
     * A channel the client advertised for publishing.
     *
     * @param topic the bus topic it publishes on
     * @param encoding {@code protobuf} or {@code json}
     * @param type the topic's message class
     */
    record ClientChannel(String topic, String encoding, Class<? extends Message> type) {}
}
