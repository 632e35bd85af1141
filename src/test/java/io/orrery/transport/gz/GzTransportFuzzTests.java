package io.orrery.transport.gz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.gz.msgs.DiscoveryProtos.Discovery;
import com.gz.msgs.DiscoveryProtos.Discovery.Publisher.MessagePublisher;
import io.orrery.builtin.Extensions;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.plugin.PluginRegistry;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.world.WorldSaver;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.util.unit.DataSize;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * Malformed discovery datagrams and ZeroMQ frames against a real gz-transport node on a real runner (diff_drive.sdf,
 * paused): every input is sent over the network as a peer would send it, and afterwards the node's threads and the
 * runner still run. The node lives on 127.0.0.1 only ({@code GZ_IP}): it joins the multicast group on loopback and
 * sends through it, its discovery ports are free ones, its partition is its own, so nothing reaches the host's
 * interfaces. Input: the first byte picks what the rest is: a raw datagram to the topics' or the services' discovery
 * port, a discovery body behind a correct length, frames (split at 0 bytes) to the service socket, or frames
 * published on the topic the node takes from a fake publisher it was told about. Regression inputs in
 * {@code src/test/resources/io/orrery/transport/gz/GzTransportFuzzTestsInputs/packets/}.
 */
class GzTransportFuzzTests {

    static final String CMD_VEL = "/model/vehicle_blue/cmd_vel";
    private static final Fixture FIXTURE = new Fixture();

    @FuzzTest(maxDuration = "10m")
    void packets(byte[] input) throws Exception {
        if (input.length < 1) {
            return;
        }
        byte[] rest = Arrays.copyOfRange(input, 1, input.length);
        switch (Byte.toUnsignedInt(input[0]) % 5) {
            case 0 -> FIXTURE.datagram(FIXTURE.env.msgPort(), rest);
            case 1 -> FIXTURE.datagram(FIXTURE.env.srvPort(), rest);
            case 2 -> FIXTURE.datagram(FIXTURE.env.msgPort(), withLength(rest));
            case 3 -> FIXTURE.request(frames(rest));
            default -> FIXTURE.publish(frames(rest));
        }
        assertThat(FIXTURE.node.alive())
                .as("the node's threads after %s", Arrays.toString(input))
                .isTrue();
        assertThat(FIXTURE.runner.isRunning())
                .as("the runner after %s", Arrays.toString(input))
                .isTrue();
    }

    private static byte[] withLength(byte[] body) {
        int n = Math.min(body.length, DiscoveryCodec.MAX_DATAGRAM - 2);
        return ByteBuffer.allocate(n + 2)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putShort((short) n)
                .put(body, 0, n)
                .array();
    }

    /** The bytes split at every 0 byte, at most 16 frames. */
    private static List<byte[]> frames(byte[] bytes) {
        List<byte[]> frames = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= bytes.length && frames.size() < 16; i++) {
            if (i == bytes.length || bytes[i] == 0) {
                frames.add(Arrays.copyOfRange(bytes, start, i));
                start = i + 1;
            }
        }
        return frames;
    }

    /** The node, its runner and the test's own sockets, for the whole session (a JVM's worth of inputs). */
    static final class Fixture {
        final GzEnvironment env;
        final SimulationRunner runner;
        final GzNode node;
        final ZContext zmq = new ZContext(1);
        final ZMQ.Socket requester;
        final ZMQ.Socket publisher;
        final String pubAddress;
        final DatagramSocket udp;
        final String partition = "fuzz";

        Fixture() {
            try {
                Path dir = Files.createTempDirectory("orrery-gz-fuzz");
                Path world = dir.resolve("diff_drive.sdf");
                try (InputStream in = GzTransportFuzzTests.class.getResourceAsStream("diff_drive.sdf")) {
                    Files.copy(in, world);
                }
                InetAddress lo = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
                env = new GzEnvironment(
                        partition,
                        List.of(lo),
                        lo,
                        List.of(),
                        InetAddress.getByName(GzEnvironment.DEFAULT_GROUP),
                        freePort(),
                        freePort());
                SdfReader reader = new SdfReader(List.of());
                PluginRegistry registry = Extensions.discovered().plugins();
                runner = SimulationRunner.builder(reader::read, world, new JBulletPhysicsEngine())
                        .plugins(registry, PluginSettings.defaults())
                        .settings(RunnerSettings.defaults().withStartPaused(true))
                        .worldSystems(Extensions.discovered().worldSystems())
                        .devices(Extensions.discovered().deviceKinds())
                        .build();
                runner.start();
                GzTransportProperties p = new GzTransportProperties(
                        true, "127.0.0.1", true, "gz", DataSize.ofKilobytes(64), 100, 1000, 256, 10000, 64, 64);
                UseCases app = UseCases.of(runner, reader, new WorldSaver(dir));
                node = new GzNode(env, p, new MessageCatalog(p.typePrefix()), app.topics(), app.services(true), true);
                node.start();
                udp = new DatagramSocket(new InetSocketAddress(lo, 0));
                requester = zmq.createSocket(SocketType.DEALER);
                requester.setLinger(0);
                requester.connect(serviceAddress());
                publisher = zmq.createSocket(SocketType.PUB);
                publisher.setLinger(0);
                pubAddress = "tcp://127.0.0.1:" + publisher.bindToRandomPort("tcp://127.0.0.1");
                awaitWorld();
                advertiseFakePublisher();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        /** The node's service socket, as its advertisements name it. */
        private String serviceAddress() {
            return node.serviceAddress();
        }

        private void awaitWorld() throws InterruptedException {
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (runner.topics().bus().flatMap(b -> b.topic(CMD_VEL)).isEmpty()) {
                assertThat(System.nanoTime()).as("the world's cmd_vel topic").isLessThan(deadline);
                Thread.sleep(20);
            }
            Thread.sleep(500); // a discovery tick: the node now takes cmd_vel
        }

        /** Tells the node, as a gz publisher would, that the test's PUB socket publishes cmd_vel. */
        private void advertiseFakePublisher() throws IOException, InterruptedException {
            Discovery d = Discovery.newBuilder()
                    .setVersion(DiscoveryCodec.WIRE_VERSION)
                    .setProcessUuid(UUID.randomUUID().toString())
                    .setType(Discovery.Type.ADVERTISE)
                    .setPub(Discovery.Publisher.newBuilder()
                            .setTopic("@/" + partition + "@" + CMD_VEL)
                            .setAddress(pubAddress)
                            .setProcessUuid("fuzz")
                            .setNodeUuid("fuzz")
                            .setScope(Discovery.Publisher.Scope.ALL)
                            .setMsgPub(MessagePublisher.newBuilder().setMsgType("gz.msgs.Twist")))
                    .build();
            datagram(env.msgPort(), DiscoveryCodec.encode(d).orElseThrow().array());
            Thread.sleep(500); // the node connects its SUB socket
        }

        void datagram(int port, byte[] bytes) throws IOException {
            byte[] b = bytes.length > DiscoveryCodec.MAX_DATAGRAM - 28 ? Arrays.copyOf(bytes, 65000) : bytes;
            udp.send(new DatagramPacket(
                    b, b.length, new InetSocketAddress(env.interfaces().get(0), port)));
        }

        void request(List<byte[]> frames) {
            send(requester, frames);
        }

        void publish(List<byte[]> frames) {
            List<byte[]> all = new ArrayList<>();
            all.add(("@/" + partition + "@" + CMD_VEL).getBytes(StandardCharsets.UTF_8)); // through the filter
            all.addAll(frames);
            send(publisher, all);
        }

        private static void send(ZMQ.Socket s, List<byte[]> frames) {
            for (int i = 0; i < frames.size(); i++) {
                s.send(frames.get(i), i < frames.size() - 1 ? ZMQ.SNDMORE | ZMQ.DONTWAIT : ZMQ.DONTWAIT);
            }
        }

        private static int freePort() throws IOException {
            try (DatagramSocket s = new DatagramSocket(0)) {
                return s.getLocalPort();
            }
        }
    }
}
