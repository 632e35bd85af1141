package io.orrery.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A WebSocket client as lean as a controller in C or Python would use (one thread, a blocking socket, RFC 6455
 * framing by hand): request written, answer read, nothing in between. The benchmark runs it beside the JDK's
 * {@code java.net.http.WebSocket}, whose selector and executor threads add their own hand-offs to every round
 * trip, so the figures show what the server takes and what the client adds.
 */
final class BlockingWebSocket implements AutoCloseable {

    private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final byte[] mask = new byte[4];

    BlockingWebSocket(int port, String path) throws IOException {
        socket = new Socket("localhost", port);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
        out = socket.getOutputStream();
        byte[] nonce = new byte[16];
        new SecureRandom().nextBytes(nonce);
        String key = Base64.getEncoder().encodeToString(nonce);
        out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost:" + port + "\r\nUpgrade: websocket\r\n"
                        + "Connection: Upgrade\r\nSec-WebSocket-Key: " + key + "\r\nSec-WebSocket-Version: 13\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String head = readHead();
        if (!head.startsWith("HTTP/1.1 101") || !head.contains(accept(key))) {
            throw new IOException("the WebSocket handshake was refused: " + head);
        }
    }

    /** Sends {@code text} as one masked text frame (clients must mask, RFC 6455 section 5.3). */
    void send(String text) throws IOException {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream frame = new ByteArrayOutputStream(payload.length + 14);
        frame.write(0x81); // FIN, text
        if (payload.length < 126) {
            frame.write(0x80 | payload.length);
        } else if (payload.length < 65_536) {
            frame.write(0x80 | 126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length);
        } else {
            frame.write(0x80 | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                frame.write((int) ((long) payload.length >>> shift));
            }
        }
        nextMask();
        frame.write(mask, 0, 4);
        for (int i = 0; i < payload.length; i++) {
            payload[i] ^= mask[i & 3];
        }
        frame.write(payload, 0, payload.length);
        frame.writeTo(out);
        out.flush();
    }

    /** The next text message, its fragments joined; pings are answered, a close frame ends the connection. */
    String receive() throws IOException {
        ByteArrayOutputStream message = new ByteArrayOutputStream(4096);
        while (true) {
            int b0 = in.readUnsignedByte();
            int b1 = in.readUnsignedByte();
            long length = b1 & 0x7f;
            if (length == 126) {
                length = in.readUnsignedShort();
            } else if (length == 127) {
                length = in.readLong();
            }
            byte[] payload = new byte[Math.toIntExact(length)];
            in.readFully(payload); // a server never masks
            int opcode = b0 & 0x0f;
            if (opcode == 0x8) {
                throw new IOException("the server closed the connection");
            }
            if (opcode == 0x9) {
                control(0xA, payload); // ping: pong
                continue;
            }
            if (opcode == 0xA) {
                continue;
            }
            message.write(payload, 0, payload.length);
            if ((b0 & 0x80) != 0) {
                return message.toString(StandardCharsets.UTF_8);
            }
        }
    }

    private void control(int opcode, byte[] payload) throws IOException {
        nextMask();
        byte[] frame = new byte[6 + payload.length];
        frame[0] = (byte) (0x80 | opcode);
        frame[1] = (byte) (0x80 | payload.length);
        System.arraycopy(mask, 0, frame, 2, 4);
        for (int i = 0; i < payload.length; i++) {
            frame[6 + i] = (byte) (payload[i] ^ mask[i & 3]);
        }
        out.write(frame);
        out.flush();
    }

    /** A fresh masking key per frame; ThreadLocalRandom, as a SecureRandom read per frame would be the client's cost. */
    private void nextMask() {
        int m = ThreadLocalRandom.current().nextInt();
        mask[0] = (byte) (m >>> 24);
        mask[1] = (byte) (m >>> 16);
        mask[2] = (byte) (m >>> 8);
        mask[3] = (byte) m;
    }

    private String readHead() throws IOException {
        StringBuilder head = new StringBuilder();
        InputStream raw = in;
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = raw.read();
            if (c < 0) {
                throw new IOException("the connection closed during the handshake: " + head);
            }
            head.append((char) c);
        }
        return head.toString();
    }

    private static String accept(String key) throws IOException {
        try {
            byte[] sha1 =
                    MessageDigest.getInstance("SHA-1").digest((key + ACCEPT_GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(sha1);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            control(0x8, new byte[] {0x03, (byte) 0xE8}); // 1000, normal closure
        } finally {
            socket.close();
        }
    }
}
