package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client of the control WebSocket for tests and the benchmark, on Java's own {@link WebSocket}: sends a request
 * with the next id and waits for the answer that repeats it.
 */
public final class ControlClient implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final WebSocket socket;
    private final BlockingQueue<JsonNode> frames = new LinkedBlockingQueue<>();
    private final BlockingQueue<byte[]> binaries = new LinkedBlockingQueue<>();
    private final AtomicLong ids = new AtomicLong();
    private volatile String closed;

    private ControlClient(URI uri, String bearer) throws Exception {
        WebSocket.Builder b = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10));
        if (bearer != null) {
            b.header("Authorization", "Bearer " + bearer);
        }
        socket = b.buildAsync(uri, new Listener()).get(30, TimeUnit.SECONDS);
    }

    /** Connects to {@code /api/control} on {@code port}. */
    public static ControlClient connect(int port) throws Exception {
        return new ControlClient(URI.create("ws://localhost:" + port + "/api/control"), null);
    }

    /** Connects with the token in the Authorization header. */
    public static ControlClient connect(int port, String token) throws Exception {
        return new ControlClient(URI.create("ws://localhost:" + port + "/api/control"), token);
    }

    /** Connects to {@code uri} as given (a token in the query, say). */
    public static ControlClient connect(URI uri) throws Exception {
        return new ControlClient(uri, null);
    }

    /** A request of {@code op}, with the next id. */
    public ObjectNode request(String op) {
        ObjectNode n = JSON.createObjectNode();
        n.put("op", op);
        n.put("id", ids.incrementAndGet());
        return n;
    }

    /** Sends {@code request} and waits for the answer with its id (frames of other ids before it are dropped). */
    public JsonNode call(ObjectNode request) throws Exception {
        send(request.toString());
        JsonNode id = request.get("id");
        while (true) {
            JsonNode answer = frames.poll(60, TimeUnit.SECONDS);
            if (answer == null) {
                throw new AssertionError("no answer to " + request + (closed == null ? "" : "; closed: " + closed));
            }
            if (answer.hasNonNull("id") && answer.get("id").asLong() == id.asLong()) {
                return answer;
            }
        }
    }

    /** Sends a raw text frame. */
    public void send(String text) throws Exception {
        socket.sendText(text, true).get(30, TimeUnit.SECONDS);
    }

    /** The next frame, whatever its id. */
    public JsonNode next() throws InterruptedException {
        JsonNode n = frames.poll(60, TimeUnit.SECONDS);
        if (n == null) {
            throw new AssertionError("no frame" + (closed == null ? "" : "; closed: " + closed));
        }
        return n;
    }

    /** The next binary frame (a step's camera image), whole. */
    public byte[] nextBinary() throws InterruptedException {
        byte[] b = binaries.poll(60, TimeUnit.SECONDS);
        if (b == null) {
            throw new AssertionError("no binary frame" + (closed == null ? "" : "; closed: " + closed));
        }
        return b;
    }

    /** Why the server closed the connection, once it has. */
    public String closedBecause() {
        return closed;
    }

    @Override
    public void close() {
        socket.abort();
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                try {
                    frames.add(JSON.readTree(text.toString()));
                } catch (Exception e) {
                    throw new IllegalStateException("not JSON: " + text, e);
                }
                text.setLength(0);
            }
            ws.request(1);
            return null;
        }

        private final java.io.ByteArrayOutputStream binary = new java.io.ByteArrayOutputStream();

        @Override
        public CompletionStage<?> onBinary(WebSocket ws, java.nio.ByteBuffer data, boolean last) {
            byte[] part = new byte[data.remaining()];
            data.get(part);
            binary.write(part, 0, part.length);
            if (last) {
                binaries.add(binary.toByteArray());
                binary.reset();
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
            closed = status + " " + reason;
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            closed = "error: " + error;
        }
    }
}
