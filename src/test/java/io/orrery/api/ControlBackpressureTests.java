package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.runner.port.SimulationStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A control client that sends and never reads is cut off, and the loop keeps its pace meanwhile: the world runs at
 * real time while a raw socket floods {@code observe} requests and leaves every answer unread.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=1", "orrery.status-log-interval=0s", "orrery.api.max-control-backlog=64"
        })
class ControlBackpressureTests extends DiffDriveApplication {

    static final String OBSERVE =
            "{\"op\":\"observe\",\"id\":1,\"models\":[\"vehicle_blue\",\"vehicle_green\"," + "\"ground_plane\"]}";

    @Test
    void aClientThatDoesNotReadIsDisconnectedWhileTheWorldRunsOnAtRealTime() throws Exception {
        awaitRunning();
        SimulationStatus before = runner.reads().status();
        long wallBefore = System.nanoTime();
        int sent = 0;
        boolean cutOff = false;
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096); // fills after a few answers: the server's backlog is what is tested
            socket.connect(new InetSocketAddress("localhost", port), 10_000);
            handshake(socket);
            OutputStream out = socket.getOutputStream();
            byte[] frame = maskedTextFrame(OBSERVE);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                try {
                    out.write(frame);
                    out.flush();
                    sent++;
                } catch (IOException closedByServer) {
                    cutOff = true;
                    break;
                }
            }
        }
        // The flood's threads compete with the runner for the cores; the pacer makes up what it fell behind (up to
        // orrery.max-catch-up, 1 s) once they are gone: measured over a further second after the cut.
        Thread.sleep(1000);
        SimulationStatus after = runner.reads().status();
        double wall = (System.nanoTime() - wallBefore) / 1e9;
        double sim = (after.simTimeNanos() - before.simTimeNanos()) / 1e9;
        System.out.printf(
                "not reading: %d requests sent before the cut; %.2f s of sim time in %.2f s wall%n", sent, sim, wall);

        assertThat(cutOff)
                .as("the server closed the connection of a client that does not read")
                .isTrue();
        // The pacer holds real time; a loop that waited on the socket would have stood still. Half of real time
        // allows for a loaded machine, and is far from zero.
        assertThat(sim).isGreaterThan(0.5 * wall);
        assertThat(runner.reads().status().paused()).isFalse();
        try (ControlClient next = ControlClient.connect(port)) {
            assertThat(next.call(next.request("observe")).get("op").asText()).isEqualTo("observed");
        }
    }

    private void awaitRunning() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (runner.reads().status().iterations() < 100) {
            assertThat(System.nanoTime()).as("running after load").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private void handshake(Socket socket) throws IOException {
        String request = "GET /api/control HTTP/1.1\r\nHost: localhost:" + port + "\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n";
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            assertThat(b).as("handshake answer").isNotNegative();
            head.append((char) b);
        }
        assertThat(head.toString()).startsWith("HTTP/1.1 101");
    }

    /** A client's text frame: masked, as RFC 6455 requires of clients. */
    static byte[] maskedTextFrame(String text) {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        assertThat(payload.length).isLessThan(126);
        byte[] frame = new byte[2 + 4 + payload.length];
        frame[0] = (byte) 0x81;
        frame[1] = (byte) (0x80 | payload.length);
        byte[] mask = new byte[4];
        ThreadLocalRandom.current().nextBytes(mask);
        System.arraycopy(mask, 0, frame, 2, 4);
        for (int i = 0; i < payload.length; i++) {
            frame[6 + i] = (byte) (payload[i] ^ mask[i % 4]);
        }
        return frame;
    }
}
