package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A WebSocket client on a bare socket, for the clients no library will play: one that completes the handshake and
 * then never answers a ping (a host that died, a network that dropped it without a word), or never reads at all.
 * It sends masked text frames as RFC 6455 asks of clients and reads the server's frames only when told to.
 */
final class RawWebSocket implements AutoCloseable {

    /** A frame from the server: its opcode (1 text, 8 close, 9 ping) and payload. */
    record Frame(int opcode, byte[] payload) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    private RawWebSocket(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Connects to {@code path} on {@code port} and completes the handshake (101). */
    static RawWebSocket connect(int port, String path) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("localhost", port), 10_000);
        socket.setSoTimeout(30_000);
        String request = "GET " + path + " HTTP/1.1\r\nHost: localhost:" + port + "\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n";
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = socket.getInputStream().read();
            assertThat(b).as("the handshake's answer").isNotNegative();
            head.append((char) b);
        }
        assertThat(head.toString()).startsWith("HTTP/1.1 101");
        return new RawWebSocket(socket);
    }

    /** Sends a masked text frame. */
    void sendText(String text) throws IOException {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        int n = payload.length;
        byte[] header = n < 126
                ? new byte[] {(byte) 0x81, (byte) (0x80 | n)}
                : new byte[] {(byte) 0x81, (byte) (0x80 | 126), (byte) (n >> 8), (byte) n};
        assertThat(n).isLessThan(65_536);
        byte[] mask = new byte[4];
        ThreadLocalRandom.current().nextBytes(mask);
        byte[] masked = new byte[n];
        for (int i = 0; i < n; i++) {
            masked[i] = (byte) (payload[i] ^ mask[i % 4]);
        }
        out.write(header);
        out.write(mask);
        out.write(masked);
        out.flush();
    }

    /** Reads the next frame from the server (unmasked, as servers send them). */
    Frame read() throws IOException {
        int first = in.readUnsignedByte();
        int second = in.readUnsignedByte();
        long length = second & 0x7f;
        if (length == 126) {
            length = in.readUnsignedShort();
        } else if (length == 127) {
            length = in.readLong();
        }
        byte[] payload = new byte[(int) length];
        in.readFully(payload);
        return new Frame(first & 0x0f, payload);
    }

    /** The next text frame, skipping pings (which it never answers). */
    String readText() throws IOException {
        while (true) {
            Frame f = read();
            if (f.opcode() == 1) {
                return f.text();
            }
            assertThat(f.opcode()).as("a ping or a text frame").isEqualTo(9);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
