package io.orrery.transport.gz;

import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.DiscoveryProtos.Discovery;
import com.gz.msgs.DiscoveryProtos.Discovery.Type;
import io.orrery.builtin.Extensions;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.world.WorldSaver;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/**
 * The node's discovery as a gz-transport 13 peer sees it, on loopback (127.0.0.1, multicast on lo with TTL 1, ports of
 * the test's own): a SUBSCRIBERS_REQ (what gz-transport 13's {@code gz topic -l} sends, which ign-transport 11's tools
 * do not) is answered with a SUBSCRIBERS_REP for every topic Orrery takes from gz-transport, as
 * NodeShared::OnSubscribers answers it (the node sends those only in answer to a request); heartbeats; on close, every
 * advertisement withdrawn and a bye.
 */
class GzNodeDiscoveryTests {

    private static final InetAddress LO = InetAddress.getLoopbackAddress();
    private static final String PARTITION = "discovery-test";

    @TempDir
    Path dir;

    private SimulationRunner runner;
    private GzNode node;
    private DatagramChannel peer;
    private int msgPort;

    @BeforeEach
    void start() throws Exception {
        Path world = dir.resolve("diff_drive.sdf");
        try (InputStream in = GzNodeDiscoveryTests.class.getResourceAsStream("diff_drive.sdf")) {
            Files.copy(in, world);
        }
        SdfReader reader = new SdfReader(List.of());
        runner = SimulationRunner.builder(reader::read, world, new JBulletPhysicsEngine())
                .plugins(Extensions.discovered().plugins(), PluginSettings.defaults())
                .settings(RunnerSettings.defaults().withStartPaused(true))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
        msgPort = freePort();
        GzEnvironment env = new GzEnvironment(
                PARTITION,
                List.of(LO),
                LO,
                List.of(),
                InetAddress.getByName(GzEnvironment.DEFAULT_GROUP),
                msgPort,
                freePort());
        GzTransportProperties p = new GzTransportProperties(
                true, "127.0.0.1", true, "gz", DataSize.ofMegabytes(1), 100, 1000, 256, 10000, 64, 64);
        UseCases app = UseCases.of(runner, reader, new WorldSaver(dir));
        node = new GzNode(env, p, new MessageCatalog(p.typePrefix()), app.topics(), app.services(true), true);
        node.start();
        // the peer hears the group on the topics' port beside the node (every member gets every multicast datagram)
        peer = DatagramChannel.open(StandardProtocolFamily.INET);
        peer.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        peer.setOption(StandardSocketOptions.SO_REUSEPORT, true);
        peer.setOption(StandardSocketOptions.IP_MULTICAST_IF, NetworkInterface.getByInetAddress(LO));
        peer.setOption(StandardSocketOptions.IP_MULTICAST_TTL, 1);
        peer.bind(new InetSocketAddress(msgPort));
        peer.join(InetAddress.getByName(GzEnvironment.DEFAULT_GROUP), NetworkInterface.getByInetAddress(LO));
        peer.configureBlocking(false);
    }

    @AfterEach
    void stop() throws IOException {
        if (peer != null) {
            peer.close();
        }
        if (node != null) {
            node.close();
        }
        runner.control().stop();
    }

    @Test
    void aSubscribersRequestIsAnsweredWithEveryTopicOrreryTakes() throws Exception {
        String cmdVel = "@/" + PARTITION + "@/model/vehicle_blue/cmd_vel";

        Discovery rep = askUntil(
                Discovery.newBuilder().setType(Type.SUBSCRIBERS_REQ),
                d -> d.getType() == Type.SUBSCRIBERS_REP
                        && d.getPub().getTopic().equals(cmdVel));

        assertThat(rep.getPub().getMsgPub().getMsgType()).isEqualTo("gz.msgs.Twist");
        assertThat(rep.getPub().getProcessUuid()).isEqualTo(rep.getProcessUuid());
    }

    /** gz-transport's heartbeat while alive; at the end every advertisement withdrawn, then bye. */
    @Test
    void aHeartbeatEverySecondAndOnCloseUnadvertisementsThenBye() throws Exception {
        String odometry = "@/" + PARTITION + "@/model/vehicle_blue/odometry";
        Discovery advert = askUntil(
                Discovery.newBuilder()
                        .setType(Type.SUBSCRIBE)
                        .setSub(Discovery.Subscriber.newBuilder().setTopic(odometry)),
                d -> d.getType() == Type.ADVERTISE && d.getPub().getTopic().equals(odometry));
        String process = advert.getProcessUuid();
        Discovery heartbeat =
                next(d -> d.getType() == Type.HEARTBEAT && d.getProcessUuid().equals(process));
        assertThat(heartbeat.getVersion()).isEqualTo(DiscoveryCodec.WIRE_VERSION);

        node.close();
        node = null;

        Discovery withdrawn = next(
                d -> d.getType() == Type.UNADVERTISE && d.getPub().getTopic().equals(odometry));
        assertThat(withdrawn.getProcessUuid()).isEqualTo(process);
        next(d -> d.getType() == Type.BYE && d.getProcessUuid().equals(process));
    }

    /** The next datagram from the group that matches, within 10 s. */
    private Discovery next(Predicate<Discovery> wanted) throws Exception {
        ByteBuffer buffer = ByteBuffer.allocate(DiscoveryCodec.MAX_DATAGRAM + 1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            buffer.clear();
            if (peer.receive(buffer) == null) {
                Thread.sleep(5);
                continue;
            }
            buffer.flip();
            Discovery d = DiscoveryCodec.decode(buffer).orElse(null);
            if (d != null && wanted.test(d)) {
                return d;
            }
        }
        throw new AssertionError("no such datagram within 10 s");
    }

    /** Sends {@code request} to the group every 500 ms until the node answers with a datagram that matches. */
    private Discovery askUntil(Discovery.Builder request, Predicate<Discovery> answer) throws Exception {
        request.setVersion(DiscoveryCodec.WIRE_VERSION).setProcessUuid("gz-13-tool");
        InetSocketAddress group = new InetSocketAddress(GzEnvironment.DEFAULT_GROUP, msgPort);
        ByteBuffer buffer = ByteBuffer.allocate(DiscoveryCodec.MAX_DATAGRAM + 1);
        List<String> heard = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // a cold world load on a loaded machine
        long nextAsk = 0;
        while (System.nanoTime() < deadline) {
            if (System.nanoTime() - nextAsk >= 0) {
                peer.send(DiscoveryCodec.encode(request.build()).orElseThrow(), group);
                nextAsk = System.nanoTime() + 500_000_000L;
            }
            buffer.clear();
            if (peer.receive(buffer) == null) {
                Thread.sleep(10);
                continue;
            }
            buffer.flip();
            Discovery d = DiscoveryCodec.decode(buffer).orElse(null);
            if (d == null || d.getProcessUuid().equals("gz-13-tool")) {
                continue;
            }
            if (answer.test(d)) {
                return d;
            }
            heard.add(d.getType() + " " + d.getPub().getTopic());
        }
        throw new AssertionError("no answer to " + request.getType() + " within 60 s; heard "
                + heard.stream().distinct().toList());
    }

    private static int freePort() throws IOException {
        try (DatagramSocket s = new DatagramSocket(0)) {
            return s.getLocalPort();
        }
    }
}
