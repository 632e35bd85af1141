package io.orrery.transport.gz;

import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.DiscoveryProtos.Discovery;
import com.gz.msgs.DiscoveryProtos.Discovery.Type;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * gz-transport's unicast relays ({@code GZ_RELAY}), as Discovery.hh's DispatchDiscoveryMsg does them: what the node
 * sends also goes to each relay flagged relay; a datagram flagged relay is not processed where it arrives but multicast
 * again flagged no-relay (and so processed once, from the group), its sender becoming a relay; a plain multicast
 * datagram of another process is processed and forwarded to the relays flagged relay, one flagged no-relay is not.
 * On loopback only: the node's interface is 127.0.0.1, multicast goes out on lo with TTL 1, the relay is 127.0.0.2.
 */
class UdpDiscoveryRelayTests {

    private static final InetAddress LO = address(127, 0, 0, 1);
    private static final InetAddress RELAY = address(127, 0, 0, 2);
    private static final String NODE = "node-process";

    private final BlockingQueue<Discovery> heard = new LinkedBlockingQueue<>();
    private UdpDiscovery discovery;
    private DatagramChannel relay;
    private int port;

    private void start(List<InetAddress> relays) throws IOException {
        port = freePort();
        GzEnvironment env = new GzEnvironment(
                "relay-test",
                List.of(LO),
                LO,
                relays,
                InetAddress.getByName(GzEnvironment.DEFAULT_GROUP),
                port,
                freePort());
        relay = DatagramChannel.open(StandardProtocolFamily.INET);
        relay.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        relay.bind(
                new InetSocketAddress(RELAY, port)); // more specific than the node's 0.0.0.0: unicast to it lands here
        discovery = new UdpDiscovery(env, NODE, 16);
        discovery.start(new UdpDiscovery.Listener() {
            @Override
            public void onMessage(UdpDiscovery.Channel channel, Discovery message, boolean local) {
                if (channel == UdpDiscovery.Channel.MSG) {
                    heard.add(message);
                }
            }

            @Override
            public void onGone(String processUuid) {}

            @Override
            public List<Discovery.Publisher> owned(UdpDiscovery.Channel channel) {
                return List.of();
            }

            @Override
            public void tick() {}
        });
    }

    @AfterEach
    void close() throws IOException {
        if (discovery != null) {
            discovery.close();
        }
        if (relay != null) {
            relay.close();
        }
    }

    @Test
    void whatTheNodeSendsAlsoGoesToEachRelayFlaggedRelay() throws Exception {
        start(List.of(RELAY));

        Discovery got = fromRelaySocket(NODE, Type.HEARTBEAT);

        assertThat(got.getFlags().getRelay()).isTrue();
        assertThat(got.getVersion()).isEqualTo(DiscoveryCodec.WIRE_VERSION);
    }

    @Test
    void aDatagramFromARelayIsMulticastAgainFlaggedNoRelayAndItsSenderBecomesARelay() throws Exception {
        start(List.of());
        Discovery.Builder advert = advertisement("peer-behind-relay");
        advert.getFlagsBuilder().setRelay(true);

        relay.send(DiscoveryCodec.encode(advert.build()).orElseThrow(), new InetSocketAddress(LO, port));

        // processed once, as it came back from the group: flagged no-relay, no longer relay
        Discovery processed = heardFrom("peer-behind-relay");
        assertThat(processed.getFlags().getNoRelay()).isTrue();
        assertThat(processed.getFlags().getRelay()).isFalse();
        // the sender is a relay now: the node's own messages go to it
        assertThat(fromRelaySocket(NODE, Type.HEARTBEAT).getFlags().getRelay()).isTrue();
        assertThat(heard.poll(300, TimeUnit.MILLISECONDS))
                .as("processed a second time")
                .isNull();
    }

    @Test
    void aPlainMulticastDatagramIsForwardedToTheRelaysAndANoRelayOneIsNot() throws Exception {
        start(List.of(RELAY));
        Discovery.Builder quiet = advertisement("local-peer");
        quiet.getFlagsBuilder().setNoRelay(true);
        try (DatagramChannel sender = DatagramChannel.open(StandardProtocolFamily.INET)) {
            sender.setOption(StandardSocketOptions.IP_MULTICAST_IF, NetworkInterface.getByInetAddress(LO));
            sender.setOption(StandardSocketOptions.IP_MULTICAST_TTL, 1);
            InetSocketAddress group = new InetSocketAddress(GzEnvironment.DEFAULT_GROUP, port);

            sender.send(DiscoveryCodec.encode(quiet.build()).orElseThrow(), group);
            assertThat(heardFrom("local-peer").getFlags().getNoRelay()).isTrue();
            sender.send(
                    DiscoveryCodec.encode(advertisement("other-peer").build()).orElseThrow(), group);
            assertThat(heardFrom("other-peer").hasFlags()).isFalse();
        }

        // the first peer datagram the relay gets is the second one: the no-relay one was not forwarded
        Discovery forwarded = fromRelaySocket(null, Type.ADVERTISE);
        assertThat(forwarded.getProcessUuid()).isEqualTo("other-peer");
        assertThat(forwarded.getFlags().getRelay()).isTrue();
    }

    private static Discovery.Builder advertisement(String process) {
        return Discovery.newBuilder()
                .setVersion(DiscoveryCodec.WIRE_VERSION)
                .setProcessUuid(process)
                .setType(Type.ADVERTISE)
                .setPub(Discovery.Publisher.newBuilder()
                        .setTopic("@/relay-test@/chatter")
                        .setAddress("tcp://127.0.0.1:1")
                        .setProcessUuid(process)
                        .setNodeUuid("n")
                        .setScope(Discovery.Publisher.Scope.ALL));
    }

    /** The next message the listener heard from {@code process}, within 10 s. */
    private Discovery heardFrom(String process) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Discovery d = heard.poll(100, TimeUnit.MILLISECONDS);
            if (d != null && d.getProcessUuid().equals(process)) {
                return d;
            }
        }
        throw new AssertionError("the node did not hear " + process + " within 10 s");
    }

    /**
     * The next datagram the relay socket receives of {@code type} (from {@code process}, or from any process but the
     * node when null), within 10 s.
     */
    private Discovery fromRelaySocket(String process, Type type) throws IOException, InterruptedException {
        relay.configureBlocking(false);
        ByteBuffer buffer = ByteBuffer.allocate(DiscoveryCodec.MAX_DATAGRAM + 1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            buffer.clear();
            if (relay.receive(buffer) == null) {
                Thread.sleep(10);
                continue;
            }
            buffer.flip();
            Discovery d = DiscoveryCodec.decode(buffer).orElseThrow();
            boolean sender = process == null
                    ? !d.getProcessUuid().equals(NODE)
                    : d.getProcessUuid().equals(process);
            if (sender && d.getType() == type) {
                return d;
            }
        }
        throw new AssertionError(
                "the relay received no " + type + " from " + (process == null ? "a peer" : process) + " within 10 s");
    }

    private static int freePort() throws IOException {
        try (DatagramSocket s = new DatagramSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
