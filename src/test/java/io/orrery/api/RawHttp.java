package io.orrery.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * HTTP/1.1 and the WebSocket handshake over a plain socket, the request line sent byte for byte as given: a client
 * library may normalise a path (drop a {@code /./}, merge {@code //}) before it is sent, and the point of the tests
 * that use this is what the server makes of every spelling. After a 101 it speaks WebSocket frames (RFC 6455: the
 * client's frames masked, the server's not), enough to ask the control socket a question.
 */
final class RawHttp implements AutoCloseable {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    final int status;
    final Map<String, String> headers = new LinkedHashMap<>();
    private final String head;

    private RawHttp(int port, String request) throws IOException {
        socket = new Socket("localhost", port);
        socket.setSoTimeout(30_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
        out.write(request.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        head = readHead();
        String[] lines = head.split("\r\n");
        String[] statusLine = lines[0].split(" ", 3);
        status = Integer.parseInt(statusLine[1]);
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(
                        lines[i].substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
    }

    /** Sends {@code method target} with {@code extraHeaders} (each {@code Name: value\r\n}) and an empty body. */
    static RawHttp request(int port, String method, String target, String extraHeaders) {
        try {
            return new RawHttp(
                    port,
                    method + " " + target + " HTTP/1.1\r\nHost: localhost:" + port
                            + "\r\nContent-Length: 0\r\nConnection: close\r\n" + extraHeaders + "\r\n");
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + target, e);
        }
    }

    /** A WebSocket handshake for {@code target}, with {@code extraHeaders}; {@link #status} is 101 when it opened. */
    static RawHttp handshake(int port, String target, String extraHeaders) {
        byte[] key = new byte[16];
        RANDOM.nextBytes(key);
        try {
            return new RawHttp(
                    port,
                    "GET " + target + " HTTP/1.1\r\nHost: localhost:" + port
                            + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13"
                            + "\r\nSec-WebSocket-Key: " + Base64.getEncoder().encodeToString(key) + "\r\n"
                            + extraHeaders
                            + "\r\n");
        } catch (IOException e) {
            throw new UncheckedIOException("handshake " + target, e);
        }
    }

    /** The response's head, status line and headers. */
    String head() {
        return head;
    }

    /** The response's body: by its length, its chunks, or up to the end of the connection. */
    String body() throws IOException {
        String length = headers.get("content-length");
        if (length != null) {
            return new String(in.readNBytes(Integer.parseInt(length)), StandardCharsets.UTF_8);
        }
        if (!"chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            StringBuilder size = new StringBuilder();
            for (int b = read(); b != '\n'; b = read()) {
                size.append((char) b);
            }
            int n = Integer.parseInt(size.toString().strip().split(";")[0], 16);
            if (n == 0) {
                return body.toString(StandardCharsets.UTF_8);
            }
            body.write(in.readNBytes(n));
            read(); // the chunk's CR LF
            read();
        }
    }

    /** After a 101: sends {@code text} as one masked text frame and returns the text of the next frame. */
    String exchange(String text) throws IOException {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        if (payload.length > 125) {
            throw new IllegalArgumentException("short frames only");
        }
        byte[] mask = new byte[4];
        RANDOM.nextBytes(mask);
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(0x81); // FIN, text
        frame.write(0x80 | payload.length);
        frame.write(mask);
        for (int i = 0; i < payload.length; i++) {
            frame.write(payload[i] ^ mask[i % 4]);
        }
        out.write(frame.toByteArray());
        out.flush();
        int opcode = read() & 0x0f;
        long length = read() & 0x7f;
        if (length == 126) {
            length = (read() << 8) | read();
        } else if (length == 127) {
            length = 0;
            for (int i = 0; i < 8; i++) {
                length = (length << 8) | read();
            }
        }
        byte[] answer = in.readNBytes((int) length);
        if (opcode != 1) {
            throw new IOException(
                    "expected a text frame, got opcode " + opcode + ": " + new String(answer, StandardCharsets.UTF_8));
        }
        return new String(answer, StandardCharsets.UTF_8);
    }

    private int read() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new IOException("the server closed the connection");
        }
        return b;
    }

    private String readHead() throws IOException {
        StringBuilder s = new StringBuilder();
        while (!s.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                if (s.isEmpty()) {
                    throw new IOException("the server closed the connection without answering");
                }
                break;
            }
            s.append((char) b);
        }
        return s.toString().strip();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
