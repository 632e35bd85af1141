package io.orrery.transport.gz;

import io.orrery.log.LogRate;
import io.orrery.log.LogSafe;
import io.orrery.transport.gz.DataPlane.Request;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;

/**
 * The replying side of the {@link DataPlane}: a ROUTER socket, owned by the replying thread, sending each reply to
 * its requester's response socket, retried until that connection's handshake is done (as a reply to a new requester
 * needs) or {@link DataPlane#REPLY_DEADLINE_NANOS} pass. At most {@link #MAX_CONNECTIONS} requesters stay connected.
 */
final class ReplySender {

    private static final Logger log = LoggerFactory.getLogger(DataPlane.class);

    /** The most requesters kept connected for replies; the oldest is disconnected past it. */
    static final int MAX_CONNECTIONS = 64;

    private record Reply(Request request, byte[] data, boolean ok, long deadline) {}

    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
    private final ZContext context;
    private final String host;
    private final BooleanSupplier closing;
    private final int capacity;
    private final long deadlineNanos;
    /** Answers queued or waiting for their requester's connection. */
    private final AtomicInteger waiting = new AtomicInteger();

    private final AtomicLong dropped = new AtomicLong();
    /** One WARN about dropped answers at most every 10 s; the count goes on in the metric. */
    private final LogRate dropWarnings = new LogRate(System::nanoTime, 1, 0.1, 1, 0.1, 1);

    /**
     * Replies with a socket of {@code context}, warmed up on {@code host} ({@code tcp://address}); at most
     * {@code capacity} answers wait, each at most {@code deadlineNanos} for its requester's connection.
     */
    ReplySender(ZContext context, String host, BooleanSupplier closing, int capacity, long deadlineNanos) {
        this.context = context;
        this.host = host;
        this.closing = closing;
        this.capacity = capacity;
        this.deadlineNanos = deadlineNanos;
    }

    /**
     * Queues the reply to a request; any thread, never blocks. At most {@code orrery.transport.reply-queue} answers
     * wait (queued, or for their requester's connection); one more is dropped and counted.
     */
    void add(Request request, byte[] data, boolean ok) {
        if (waiting.incrementAndGet() > capacity) {
            waiting.decrementAndGet();
            drop(request, "orrery.transport.reply-queue (" + capacity + ") answers are waiting already");
            return;
        }
        replies.add(new Reply(request, data, ok, System.nanoTime() + deadlineNanos));
    }

    /** Answers queued or waiting for their requester's connection now. */
    int waiting() {
        return waiting.get();
    }

    /** Answers dropped: the queue was full, the endpoint malformed, or the requester took no connection in time. */
    long dropped() {
        return dropped.get();
    }

    private void drop(Request request, String why) {
        long count = dropped.incrementAndGet();
        if (dropWarnings.admit(this) >= 0) {
            log.warn(
                    "gz-transport {}: an answer was dropped: {} ({} dropped so far, counted in"
                            + " orrery_transport_dropped_total{what=\"replies\"}; logged at most every 10 s)",
                    LogSafe.of(request.topic()),
                    why,
                    count);
        }
    }

    /** The replying thread's body, until closing. */
    void run() {
        ZMQ.Socket out = context.createSocket(SocketType.ROUTER);
        out.setLinger(0);
        out.setRouterMandatory(true);
        out.setIdentity(UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8));
        warmUp(out);
        Map<String, Boolean> connected = new LinkedHashMap<>();
        ArrayDeque<Reply> pending = new ArrayDeque<>();
        try {
            while (!closing.getAsBoolean()) {
                Reply next = replies.poll(pending.isEmpty() ? 200 : 5, TimeUnit.MILLISECONDS);
                if (next != null) {
                    pending.add(next);
                    replies.drainTo(pending);
                }
                Iterator<Reply> it = pending.iterator();
                while (it.hasNext()) {
                    Reply r = it.next();
                    String endpoint = r.request().replyTo();
                    if (!DataPlane.ENDPOINT.matcher(endpoint).matches()) {
                        it.remove();
                        waiting.decrementAndGet();
                        drop(r.request(), "its reply endpoint is not a tcp:// IPv4 endpoint");
                        continue;
                    }
                    if (connected.remove(endpoint) == null) {
                        out.connect(endpoint);
                        if (connected.size() >= MAX_CONNECTIONS) {
                            String eldest = connected.keySet().iterator().next();
                            connected.remove(eldest);
                            out.disconnect(eldest);
                        }
                    }
                    connected.put(endpoint, Boolean.TRUE); // most recently used last
                    boolean done;
                    try {
                        done = send(out, r);
                        if (done) {
                            log.debug(
                                    "gz-transport {}: answer to request {} sent",
                                    r.request().topic(),
                                    LogSafe.of(r.request().requestUuid()));
                        }
                    } catch (ZMQException e) {
                        log.info(
                                "gz-transport {}: the answer to request {} failed: {}",
                                r.request().topic(),
                                LogSafe.of(r.request().requestUuid()),
                                e.toString());
                        done = true;
                    }
                    if (!done && System.nanoTime() - r.deadline() > 0) {
                        drop(
                                r.request(),
                                "the requester at " + LogSafe.of(endpoint) + " did not take a connection within "
                                        + deadlineNanos / 1_000_000_000L + " s");
                        done = true;
                    }
                    if (done) {
                        it.remove();
                        waiting.decrementAndGet();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            if (!closing.getAsBoolean()) {
                log.warn("gz-transport replier: {}", e.toString(), e);
            }
        } finally {
            out.close();
        }
    }

    /** False while the requester is not connected yet (ROUTER_MANDATORY refuses the first frame then). */
    private static boolean send(ZMQ.Socket out, Reply r) {
        Request q = r.request();
        try {
            if (!out.send(q.replyId().getBytes(StandardCharsets.UTF_8), ZMQ.SNDMORE | ZMQ.DONTWAIT)) {
                return false;
            }
        } catch (ZMQException e) {
            if (e.getErrorCode() == ZMQ.Error.EHOSTUNREACH.getCode()) {
                return false; // not connected yet
            }
            throw e;
        }
        out.sendMore(q.topic().getBytes(StandardCharsets.UTF_8));
        out.sendMore(q.nodeUuid().getBytes(StandardCharsets.UTF_8));
        out.sendMore(q.requestUuid().getBytes(StandardCharsets.UTF_8));
        out.sendMore(r.data());
        out.send((r.ok() ? "1" : "0").getBytes(StandardCharsets.UTF_8), 0);
        return true;
    }

    /** The replying socket's first outgoing handshake, made before a requester waits on it (see DataPlane's warm-up of the incoming side). */
    private void warmUp(ZMQ.Socket out) {
        ZMQ.Socket probe = context.createSocket(SocketType.ROUTER);
        try {
            probe.setLinger(0);
            byte[] id = "warm-up".getBytes(StandardCharsets.UTF_8);
            probe.setIdentity(id);
            String endpoint = host + ":" + probe.bindToRandomPort(host);
            out.connect(endpoint);
            long deadline = System.nanoTime() + DataPlane.REPLY_DEADLINE_NANOS;
            while (!closing.getAsBoolean() && System.nanoTime() < deadline) {
                try {
                    if (out.send(id, ZMQ.SNDMORE | ZMQ.DONTWAIT)) {
                        out.send(new byte[0], 0);
                        break;
                    }
                } catch (ZMQException e) {
                    // not connected yet
                }
                DataPlane.sleep(1);
            }
            out.disconnect(endpoint);
        } finally {
            probe.close();
        }
    }
}
