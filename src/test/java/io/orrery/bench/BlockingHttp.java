package io.orrery.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An HTTP/1.1 client as lean as a controller's in C or Python would be (Python's http.client is one): one keep-alive
 * connection, the request written in one go, the answer read by its Content-Length. When an answer says
 * {@code Connection: close} (Tomcat's does after 100 requests on a connection, its default
 * {@code server.tomcat.max-keep-alive-requests}) the next request opens a new connection, as http.client does. The benchmark runs it beside
 * the JDK's {@code java.net.http.HttpClient}, whose own threads and machinery cost more than the server's dispatch,
 * so the figures show what the server takes.
 */
final class BlockingHttp implements AutoCloseable {

    private final int port;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    BlockingHttp(int port) throws IOException {
        this.port = port;
        open();
    }

    private void open() throws IOException {
        socket = new Socket("localhost", port);
        socket.setTcpNoDelay(true);
        in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        out = socket.getOutputStream();
    }

    /** POSTs {@code json} to {@code path} and returns the answer's body; a status other than 200 throws. */
    String post(String path, String json) throws IOException {
        if (socket.isClosed()) {
            open();
        }
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("POST " + path + " HTTP/1.1\r\nHost: localhost:" + port
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] request = new byte[head.length + body.length];
        System.arraycopy(head, 0, request, 0, head.length);
        System.arraycopy(body, 0, request, head.length, body.length);
        out.write(request);
        out.flush();
        String status = line();
        int length = -1;
        boolean chunked = false;
        boolean close = false;
        for (String h = line(); !h.isEmpty(); h = line()) {
            String lower = h.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(h.substring(15).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                close = true;
            }
        }
        String text = new String(chunked ? chunks() : exactly(length), StandardCharsets.UTF_8);
        if (close) {
            socket.close();
        }
        if (!status.startsWith("HTTP/1.1 200")) {
            throw new IOException(status + ": " + text);
        }
        return text;
    }

    private byte[] chunks() throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream(4096);
        for (int n = Integer.parseInt(line().trim(), 16); n > 0; n = Integer.parseInt(line().trim(), 16)) {
            all.write(exactly(n));
            line(); // the CRLF after the chunk
        }
        line(); // the CRLF after the last chunk (no trailers)
        return all.toByteArray();
    }

    private byte[] exactly(int n) throws IOException {
        if (n < 0) {
            throw new IOException("an answer with neither a length nor chunks");
        }
        byte[] b = in.readNBytes(n);
        if (b.length < n) {
            throw new IOException("the connection closed inside an answer");
        }
        return b;
    }

    private String line() throws IOException {
        StringBuilder s = new StringBuilder(64);
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the connection closed");
            }
            if (c != '\r') {
                s.append((char) c);
            }
        }
        return s.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
