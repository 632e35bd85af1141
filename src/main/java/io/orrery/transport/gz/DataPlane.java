package io.orrery.transport.gz;

import com.google.protobuf.Message;
import io.orrery.log.LogSafe;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * gz-transport's data path over ZeroMQ (JeroMQ), each socket owned by one thread: a PUB socket publishing topics
 * ({@code [topic][own address][bytes][type]}), a SUB socket receiving them and a ROUTER receiving service requests
 * (one receiving thread), and the {@link ReplySender}'s socket sending the replies (one replying thread). Every frame
 * a peer sends is bounded by {@code orrery.transport.max-message-size}; a message with the wrong number of frames is
 * dropped.
 */
final class DataPlane implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DataPlane.class);

    /** How long a reply is retried while its connection comes up; how long the warm-up handshakes may take. */
    static final long REPLY_DEADLINE_NANOS = 5_000_000_000L;

    static final Pattern ENDPOINT = Pattern.compile("tcp://\\d{1,3}(\\.\\d{1,3}){3}:\\d{1,5}");
    private static final int POLL_MILLIS = 20;
    private static final int BURST = 256;

    /** What the receiving thread hands over. */
    interface Inbound {
        void onTopicMessage(String qualifiedTopic, String type, byte[] data);

        void onServiceRequest(Request request);
    }

    /**
     * A service request as gz-transport frames it.
     *
     * @param topic the service, fully qualified
     * @param replyTo the requester's response endpoint
     * @param replyId the routing id of the requester's response socket
     */
    record Request(
            String topic,
            String replyTo,
            String replyId,
            String nodeUuid,
            String requestUuid,
            byte[] data,
            String requestType,
            String responseType) {}

    private record Outgoing(String topic, Message message, String type) {}

    private final ZContext context = new ZContext(1);
    private final ZMQ.Socket pub;
    private final ZMQ.Socket sub;
    private final ZMQ.Socket replier;
    private final String pubAddress;
    private final String replierAddress;
    private final String replierId = UUID.randomUUID().toString();
    private final BlockingQueue<Outgoing> outgoing;
    private final ReplySender replies;
    private final ConcurrentLinkedQueue<Runnable> receiverTasks = new ConcurrentLinkedQueue<>();
    private final Inbound inbound;
    private final long maxFrame;
    private final AtomicLong droppedOut = new AtomicLong();
    private final AtomicLong droppedIn = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean closing;

    DataPlane(String host, GzTransportProperties p, Inbound inbound) {
        this(host, p, inbound, REPLY_DEADLINE_NANOS);
    }

    /** A data path whose answers wait {@code replyDeadlineNanos} for their requester's connection. */
    DataPlane(String host, GzTransportProperties p, Inbound inbound, long replyDeadlineNanos) {
        this.inbound = inbound;
        this.maxFrame = p.maxMessageSize().toBytes();
        this.outgoing = new ArrayBlockingQueue<>(p.sendQueue());
        String any = "tcp://" + host;
        pub = context.createSocket(SocketType.PUB);
        pub.setLinger(0);
        pub.setSndHWM(1000);
        pubAddress = any + ":" + pub.bindToRandomPort(any);
        sub = context.createSocket(SocketType.SUB);
        sub.setLinger(0);
        sub.setRcvHWM(p.receiveQueue());
        sub.setMaxMsgSize(maxFrame);
        replier = context.createSocket(SocketType.ROUTER);
        replier.setLinger(0);
        replier.setRcvHWM(p.receiveQueue());
        replier.setMaxMsgSize(maxFrame);
        replier.setIdentity(replierId.getBytes(StandardCharsets.UTF_8));
        replier.setRouterMandatory(true);
        replierAddress = any + ":" + replier.bindToRandomPort(any);
        replies = new ReplySender(context, any, () -> closing, p.replyQueue(), replyDeadlineNanos);
    }

    void start() {
        warmUpIncoming();
        threads.add(thread("gz-transport-publisher", this::publishLoop));
        threads.add(thread("gz-transport-receiver", this::receiveLoop));
        threads.add(thread("gz-transport-replier", replies::run));
    }

    /**
     * A gz-transport requester connects, waits 100 ms and sends its request once, dropped if the ZeroMQ handshake has
     * not finished by then: a cold JVM finishes its first handshake later than that. One handshake with the service
     * socket at start loads and warms that path, so the first real request is not lost.
     */
    private void warmUpIncoming() {
        ZMQ.Socket probe = context.createSocket(SocketType.DEALER);
        try {
            probe.setLinger(0);
            probe.connect(replierAddress);
            probe.send(new byte[0], ZMQ.DONTWAIT);
            long deadline = System.nanoTime() + REPLY_DEADLINE_NANOS;
            byte[] frame = null;
            while (frame == null && System.nanoTime() < deadline) {
                frame = replier.recv(ZMQ.DONTWAIT);
                if (frame == null) {
                    Thread.onSpinWait();
                    sleep(1);
                }
            }
            while (replier.hasReceiveMore()) {
                replier.recv(0);
            }
        } finally {
            probe.close();
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread thread(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    String publisherAddress() {
        return pubAddress;
    }

    String replierAddress() {
        return replierAddress;
    }

    String replierId() {
        return replierId;
    }

    /** True while every thread runs. */
    boolean alive() {
        return !closing && threads.stream().allMatch(Thread::isAlive);
    }

    /** Queues a message to publish; false (and counted) when the queue is full. Any thread, never blocks. */
    boolean publish(String qualifiedTopic, Message message, String type) {
        if (outgoing.offer(new Outgoing(qualifiedTopic, message, type))) {
            return true;
        }
        droppedOut.incrementAndGet();
        return false;
    }

    /** Connects the SUB socket to a publisher and filters on {@code qualifiedTopic}. */
    void subscribe(String address, String qualifiedTopic) {
        if (!ENDPOINT.matcher(address).matches()) {
            log.debug("gz-transport: not connecting to '{}', not a tcp:// IPv4 endpoint", LogSafe.of(address));
            return;
        }
        receiverTasks.add(() -> {
            sub.connect(address); // ZeroMQ keeps one connection per endpoint
            sub.subscribe(qualifiedTopic.getBytes(StandardCharsets.UTF_8));
        });
    }

    void unsubscribe(String qualifiedTopic) {
        receiverTasks.add(() -> sub.unsubscribe(qualifiedTopic.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Sends the reply to a request, from the replying thread; never blocks. At most
     * {@code orrery.transport.reply-queue} answers wait (queued, or for their requester's connection); one more is
     * dropped and counted.
     */
    void reply(Request request, byte[] data, boolean ok) {
        replies.add(request, data, ok);
    }

    /** Answers queued or waiting for their requester's connection now. */
    int waitingReplies() {
        return replies.waiting();
    }

    /** Answers dropped: the queue was full, or the requester did not take a connection in time. */
    long droppedReplies() {
        return replies.dropped();
    }

    long droppedOutgoing() {
        return droppedOut.get();
    }

    long droppedIncoming() {
        return droppedIn.get();
    }

    long sent() {
        return sent.get();
    }

    private void publishLoop() {
        while (!closing) {
            Outgoing o;
            try {
                o = outgoing.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (o == null) {
                continue;
            }
            try {
                byte[] data = o.message().toByteArray();
                pub.sendMore(o.topic().getBytes(StandardCharsets.UTF_8));
                pub.sendMore(pubAddress.getBytes(StandardCharsets.UTF_8));
                pub.sendMore(data);
                pub.send(o.type().getBytes(StandardCharsets.UTF_8), 0);
                sent.incrementAndGet();
            } catch (RuntimeException e) {
                if (!closing) {
                    log.warn("gz-transport: could not publish on {}: {}", LogSafe.of(o.topic()), e.toString());
                }
            }
        }
    }

    private void receiveLoop() {
        ZMQ.Poller poller = context.createPoller(2);
        poller.register(sub, ZMQ.Poller.POLLIN);
        poller.register(replier, ZMQ.Poller.POLLIN);
        while (!closing) {
            try {
                Runnable task;
                while ((task = receiverTasks.poll()) != null) {
                    task.run();
                }
                if (poller.poll(POLL_MILLIS) <= 0) {
                    continue;
                }
                for (int i = 0; i < BURST && poller.pollin(0); i++) {
                    List<byte[]> f = frames(sub, 4);
                    if (f == null) {
                        break;
                    }
                    topicMessage(f);
                }
                for (int i = 0; i < BURST && poller.pollin(1); i++) {
                    List<byte[]> f = frames(replier, 9);
                    if (f == null) {
                        break;
                    }
                    serviceRequest(f);
                }
            } catch (RuntimeException e) {
                if (closing) {
                    return;
                }
                log.warn("gz-transport receiver: {}", e.toString(), e);
            }
        }
    }

    /** One message's frames, at most {@code max} kept (more count as malformed); null when none is waiting. */
    private List<byte[]> frames(ZMQ.Socket socket, int max) {
        byte[] first = socket.recv(ZMQ.DONTWAIT);
        if (first == null) {
            return null;
        }
        List<byte[]> frames = new ArrayList<>(max);
        frames.add(first);
        boolean tooMany = false;
        while (socket.hasReceiveMore()) {
            byte[] next = socket.recv(0);
            if (frames.size() < max) {
                frames.add(next);
            } else {
                tooMany = true;
            }
        }
        if (tooMany) {
            frames.add(new byte[0]); // one more than expected: dropped as malformed
        }
        return frames;
    }

    private void topicMessage(List<byte[]> f) {
        if (f.size() != 4) {
            droppedIn.incrementAndGet();
            return;
        }
        try {
            inbound.onTopicMessage(text(f.get(0)), text(f.get(3)), f.get(2));
        } catch (RuntimeException e) {
            droppedIn.incrementAndGet();
            log.debug("gz-transport: a message on {} was dropped: {}", LogSafe.of(text(f.get(0))), LogSafe.of(e));
        }
    }

    private void serviceRequest(List<byte[]> f) {
        if (f.size() != 9) {
            droppedIn.incrementAndGet();
            log.debug("gz-transport: a request of {} frames was dropped (a request has 9)", f.size());
            return;
        }
        Request r = new Request(
                text(f.get(1)),
                text(f.get(2)),
                text(f.get(3)),
                text(f.get(4)),
                text(f.get(5)),
                f.get(6),
                text(f.get(7)),
                text(f.get(8)));
        try {
            inbound.onServiceRequest(r);
        } catch (RuntimeException e) {
            droppedIn.incrementAndGet();
            log.debug("gz-transport: a request on {} was dropped: {}", LogSafe.of(r.topic()), LogSafe.of(e));
        }
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        closing = true;
        for (Thread t : threads) {
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        context.close();
    }
}
