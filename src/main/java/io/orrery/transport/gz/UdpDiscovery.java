package io.orrery.transport.gz;

import com.gz.msgs.DiscoveryProtos.Discovery.Type;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * gz-transport's discovery over UDP multicast, on its two ports (topics and services), on one thread. It hears
 * peers' datagrams and hands the well-formed ones of other processes to its {@link Listener}; it sends a heartbeat
 * and re-advertises what the listener owns every second; a peer silent for 3 s has gone. Relays as gz-transport
 * does them: every datagram also goes to the unicast relays ({@code GZ_RELAY}) flagged relay; one received flagged
 * relay is not processed but multicast again flagged no-relay, and its sender becomes a relay.
 */
final class UdpDiscovery implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(UdpDiscovery.class);

    static final long HEARTBEAT_NANOS = 1_000_000_000L;
    static final long SILENCE_NANOS = 3_000_000_000L;
    /** The longest the thread waits before it looks at the listener's topics again. */
    static final long TICK_MILLIS = 100;

    /** The two discovery ports. */
    enum Channel {
        MSG,
        SRV
    }

    /** Told what discovery hears, on the discovery thread. */
    interface Listener {
        /** A datagram from another process; {@code local} when it came from this machine. */
        void onMessage(Channel channel, com.gz.msgs.DiscoveryProtos.Discovery message, boolean local);

        /** A process said bye or fell silent. */
        void onGone(String processUuid);

        /** What to re-advertise at every heartbeat. */
        List<com.gz.msgs.DiscoveryProtos.Discovery.Publisher> owned(Channel channel);

        /** Called at least every {@link #TICK_MILLIS} ms: a chance to look at the bus. */
        void tick();
    }

    private final GzEnvironment env;
    private final String processUuid;
    private final int maxPeers;
    private final Selector selector;
    private final Map<Channel, DatagramChannel> receivers = new HashMap<>();
    private final List<DatagramChannel> senders = new ArrayList<>();
    private final Set<InetAddress> relays = new LinkedHashSet<>();
    private final List<String> localAddresses = new CopyOnWriteArrayList<>();
    /** Process UUID to when it was last heard (discovery thread only). */
    private final Map<String, Long> activity = new HashMap<>();

    private final ByteBuffer buffer = ByteBuffer.allocate(DiscoveryCodec.MAX_DATAGRAM + 1);
    private Listener listener;
    private Thread thread;
    private volatile boolean closing;
    private long nextHeartbeat;
    private boolean warnedPeers;
    private long dropped;

    UdpDiscovery(GzEnvironment env, String processUuid, int maxPeers) throws IOException {
        this.env = env;
        this.processUuid = processUuid;
        this.maxPeers = maxPeers;
        this.relays.addAll(env.relays());
        env.interfaces().forEach(a -> localAddresses.add(a.getHostAddress()));
        this.selector = Selector.open();
        try {
            open(Channel.MSG, env.msgPort());
            open(Channel.SRV, env.srvPort());
            for (InetAddress a : env.interfaces()) {
                NetworkInterface nif = NetworkInterface.getByInetAddress(a);
                if (nif == null) {
                    continue;
                }
                DatagramChannel s = DatagramChannel.open(StandardProtocolFamily.INET);
                s.setOption(StandardSocketOptions.IP_MULTICAST_IF, nif);
                s.setOption(StandardSocketOptions.IP_MULTICAST_TTL, 1);
                s.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
                senders.add(s);
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void open(Channel channel, int port) throws IOException {
        DatagramChannel c = DatagramChannel.open(StandardProtocolFamily.INET);
        c.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        if (c.supportedOptions().contains(StandardSocketOptions.SO_REUSEPORT)) {
            c.setOption(StandardSocketOptions.SO_REUSEPORT, true);
        }
        c.bind(new InetSocketAddress(port));
        receivers.put(channel, c);
        for (InetAddress a : env.interfaces()) {
            NetworkInterface nif = NetworkInterface.getByInetAddress(a);
            if (nif != null) {
                c.join(env.group(), nif);
            }
        }
        c.configureBlocking(false);
        c.register(selector, SelectionKey.OP_READ, channel);
    }

    /** Starts the discovery thread. */
    void start(Listener l) {
        this.listener = l;
        nextHeartbeat = System.nanoTime();
        thread = new Thread(this::run, "gz-transport-discovery");
        thread.setDaemon(true);
        thread.start();
    }

    /** Sends {@code message} to the group and, flagged relay, to every relay. Any thread. */
    void send(Channel channel, com.gz.msgs.DiscoveryProtos.Discovery.Builder message) {
        message.setVersion(DiscoveryCodec.WIRE_VERSION).setProcessUuid(processUuid);
        multicast(channel, message.build());
        List<InetAddress> targets;
        synchronized (relays) {
            targets = List.copyOf(relays);
        }
        if (!targets.isEmpty()) {
            message.getFlagsBuilder().setRelay(true);
            unicast(channel, message.build(), targets);
        }
    }

    /** Sends {@code type} about {@code pub} (an advertisement, a connection). */
    void send(Channel channel, Type type, com.gz.msgs.DiscoveryProtos.Discovery.Publisher pub) {
        send(
                channel,
                com.gz.msgs.DiscoveryProtos.Discovery.newBuilder().setType(type).setPub(pub));
    }

    /** Asks who publishes {@code qualifiedTopic}. */
    void subscribe(Channel channel, String qualifiedTopic) {
        send(
                channel,
                com.gz.msgs.DiscoveryProtos.Discovery.newBuilder()
                        .setType(Type.SUBSCRIBE)
                        .setSub(com.gz.msgs.DiscoveryProtos.Discovery.Subscriber.newBuilder()
                                .setTopic(qualifiedTopic)));
    }

    /** Datagrams dropped: malformed, of another version, or from a peer over the limit. */
    long dropped() {
        return dropped;
    }

    private void multicast(Channel channel, com.gz.msgs.DiscoveryProtos.Discovery message) {
        Optional<ByteBuffer> datagram = DiscoveryCodec.encode(message);
        if (datagram.isEmpty()) {
            return;
        }
        SocketAddress target = new InetSocketAddress(env.group(), port(channel));
        for (DatagramChannel s : senders) {
            try {
                s.send(datagram.get().duplicate(), target);
            } catch (IOException e) {
                log.debug("A discovery datagram could not be sent: {}", e.toString());
            }
        }
    }

    private void unicast(Channel channel, com.gz.msgs.DiscoveryProtos.Discovery message, List<InetAddress> to) {
        Optional<ByteBuffer> datagram = DiscoveryCodec.encode(message);
        DatagramChannel c = receivers.get(channel);
        if (datagram.isEmpty() || c == null) {
            return;
        }
        for (InetAddress relay : to) {
            try {
                c.send(datagram.get().duplicate(), new InetSocketAddress(relay, port(channel)));
            } catch (IOException e) {
                log.debug("A discovery datagram to relay {} could not be sent: {}", relay, e.toString());
            }
        }
    }

    private int port(Channel channel) {
        return channel == Channel.MSG ? env.msgPort() : env.srvPort();
    }

    private void run() {
        while (!closing) {
            try {
                selector.select(TICK_MILLIS);
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    receiveAll((Channel) key.attachment(), (DatagramChannel) key.channel());
                }
                long now = System.nanoTime();
                if (now - nextHeartbeat >= 0) {
                    heartbeat();
                    expire(now);
                    nextHeartbeat = now + HEARTBEAT_NANOS;
                }
                listener.tick();
            } catch (IOException | RuntimeException e) {
                if (!closing) {
                    log.warn("gz-transport discovery: {}", e.toString(), e);
                }
            }
        }
    }

    private void receiveAll(Channel channel, DatagramChannel c) throws IOException {
        for (int i = 0; i < 64; i++) { // a burst at most, then the timers get their turn
            buffer.clear();
            SocketAddress from = c.receive(buffer);
            if (from == null) {
                return;
            }
            buffer.flip();
            handle(channel, buffer, from);
        }
    }

    /** One datagram: never throws on what a peer sent. */
    void handle(Channel channel, ByteBuffer datagram, SocketAddress from) {
        Optional<com.gz.msgs.DiscoveryProtos.Discovery> decoded = DiscoveryCodec.decode(datagram);
        if (decoded.isEmpty()) {
            dropped++;
            return;
        }
        com.gz.msgs.DiscoveryProtos.Discovery msg = decoded.get();
        String sender = msg.getProcessUuid();
        if (sender.equals(processUuid)) {
            return;
        }
        InetAddress fromIp = from instanceof InetSocketAddress s ? s.getAddress() : null;
        if (!activity.containsKey(sender) && activity.size() >= maxPeers) {
            dropped++;
            if (!warnedPeers) {
                warnedPeers = true;
                log.warn(
                        "gz-transport: more than {} processes (orrery.transport.max-peers); further ones are"
                                + " ignored",
                        maxPeers);
            }
            return;
        }
        if (msg.hasFlags() && msg.getFlags().getRelay()) {
            // Came by unicast from a relay: multicast it here, once, and remember the relay.
            com.gz.msgs.DiscoveryProtos.Discovery.Builder b = msg.toBuilder();
            b.getFlagsBuilder().setRelay(false).setNoRelay(true);
            multicast(channel, b.build());
            if (fromIp != null) {
                synchronized (relays) {
                    if (relays.size() < maxPeers) {
                        relays.add(fromIp);
                    }
                }
            }
            return;
        }
        if (!msg.hasFlags() || !msg.getFlags().getNoRelay()) {
            List<InetAddress> targets;
            synchronized (relays) {
                targets = List.copyOf(relays);
            }
            if (!targets.isEmpty()) {
                com.gz.msgs.DiscoveryProtos.Discovery.Builder b = msg.toBuilder();
                b.getFlagsBuilder().setRelay(true);
                unicast(channel, b.build(), targets);
            }
        }
        String ip = fromIp == null ? "" : fromIp.getHostAddress();
        boolean local = localAddresses.contains(ip) || ip.startsWith("127.");
        if (msg.getType() == Type.BYE) {
            activity.remove(sender);
            listener.onGone(sender);
            return;
        }
        boolean newPeer = activity.put(sender, System.nanoTime()) == null;
        listener.onMessage(channel, msg, local);
        if (newPeer) {
            // A process just started: tell it everything now rather than at the next heartbeat. A tool such as
            // `ign service -l` lists what arrives in its first heartbeat interval, and a re-advertisement due
            // at the end of that second (late on a loaded machine) arrived half after it.
            advertiseAll();
        }
    }

    private void heartbeat() {
        for (Channel channel : Channel.values()) {
            send(channel, com.gz.msgs.DiscoveryProtos.Discovery.newBuilder().setType(Type.HEARTBEAT));
        }
        advertiseAll();
    }

    private void advertiseAll() {
        for (Channel channel : Channel.values()) {
            for (com.gz.msgs.DiscoveryProtos.Discovery.Publisher p : listener.owned(channel)) {
                send(channel, Type.ADVERTISE, p);
            }
        }
    }

    private void expire(long now) {
        Iterator<Map.Entry<String, Long>> it = activity.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, Long> e = it.next();
            if (now - e.getValue() > SILENCE_NANOS) {
                it.remove();
                listener.onGone(e.getKey());
            }
        }
    }

    /** Stops the thread; the caller sends its unadvertisements and bye first. */
    @Override
    public void close() {
        closing = true;
        selector.wakeup();
        if (thread != null && thread != Thread.currentThread()) {
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (DatagramChannel c : receivers.values()) {
            closeQuietly(c);
        }
        for (DatagramChannel c : senders) {
            closeQuietly(c);
        }
        try {
            selector.close();
        } catch (IOException e) {
            log.debug("closing the selector: {}", e.toString());
        }
    }

    private static void closeQuietly(DatagramChannel c) {
        try {
            c.close();
        } catch (IOException e) {
            log.debug("closing a discovery socket: {}", e.toString());
        }
    }
}
