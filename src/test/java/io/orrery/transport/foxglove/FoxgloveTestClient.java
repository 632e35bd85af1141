package io.orrery.transport.foxglove;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A Foxglove client over the JDK's WebSocket: every frame the server sends, in order, JSON or binary; and the
 * schemas it advertised, turned into descriptors to decode messages with, as Foxglove does.
 */
final class FoxgloveTestClient implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    /** A frame: JSON text or binary bytes. */
    record Frame(JsonNode json, ByteBuffer binary) {}

    final BlockingQueue<Frame> frames = new LinkedBlockingQueue<>();
    final WebSocket socket;
    final String subprotocol;
    final CompletableFuture<Integer> closed = new CompletableFuture<>();

    private FoxgloveTestClient(URI uri, String protocol, boolean reads) throws Exception {
        StringBuilder text = new StringBuilder();
        ByteBuffer[] bin = {ByteBuffer.allocate(0)};
        socket = HttpClient.newHttpClient()
                .newWebSocketBuilder()
                .subprotocols(protocol)
                .buildAsync(uri, new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                        text.append(data);
                        if (last) {
                            try {
                                frames.add(new Frame(JSON.readTree(text.toString()), null));
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                            text.setLength(0);
                        }
                        if (reads) {
                            ws.request(1);
                        }
                        return null;
                    }

                    @Override
                    public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
                        ByteBuffer joined = ByteBuffer.allocate(bin[0].remaining() + data.remaining());
                        joined.put(bin[0]).put(data).flip();
                        bin[0] = joined;
                        if (last) {
                            frames.add(new Frame(null, bin[0].order(ByteOrder.LITTLE_ENDIAN)));
                            bin[0] = ByteBuffer.allocate(0);
                        }
                        if (reads) {
                            ws.request(1);
                        }
                        return null;
                    }

                    @Override
                    public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
                        closed.complete(status);
                        return null;
                    }
                })
                .get(10, TimeUnit.SECONDS);
        subprotocol = socket.getSubprotocol();
    }

    static FoxgloveTestClient connect(int port, String query, String protocol) throws Exception {
        return new FoxgloveTestClient(URI.create("ws://127.0.0.1:" + port + "/foxglove" + query), protocol, true);
    }

    /**
     * A client that reads its first frame and then nothing more: the JDK's WebSocket reads from the socket only as
     * far as the listener asks, so the server's frames pile up in the kernel's buffers and then in its queues.
     */
    static FoxgloveTestClient connectStalled(int port, String query) throws Exception {
        return new FoxgloveTestClient(
                URI.create("ws://127.0.0.1:" + port + "/foxglove" + query), "foxglove.websocket.v1", false);
    }

    static FoxgloveTestClient connect(int port) throws Exception {
        return connect(port, "", "foxglove.websocket.v1");
    }

    /** The next frame that {@code match} accepts, skipping others; fails after 30 s (a guard, not a measure). */
    Frame next(Predicate<Frame> match) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        java.util.List<String> skipped = new java.util.ArrayList<>();
        while (true) {
            Frame f = frames.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            assertThat(f)
                    .as("a matching frame within 30 s; skipped JSON: %s", skipped)
                    .isNotNull();
            if (match.test(f)) {
                return f;
            }
            if (f.json() != null && skipped.size() < 20) {
                String text = f.json().toString();
                skipped.add(text.length() > 300 ? text.substring(0, 300) : text);
            }
        }
    }

    /** The next binary frame that {@code match} accepts. */
    ByteBuffer nextBinary(Predicate<Frame> match) throws InterruptedException {
        return next(match).binary();
    }

    /** The next message data frame on {@code subscription}. */
    ByteBuffer nextMessage(int subscription) throws InterruptedException {
        return nextBinary(
                f -> f.binary() != null && f.binary().get(0) == 1 && f.binary().getInt(1) == subscription);
    }

    JsonNode nextOp(String op) throws InterruptedException {
        return next(f -> f.json() != null && f.json().path("op").asText().equals(op))
                .json();
    }

    static Predicate<Frame> binary(int opcode) {
        return f -> f.binary() != null && f.binary().get(0) == opcode;
    }

    void send(String json) {
        socket.sendText(json, true).join();
    }

    void send(ByteBuffer frame) {
        socket.sendBinary(frame, true).join();
    }

    /** A service call request frame with a JSON body. */
    static ByteBuffer serviceCall(int service, int call, String body) {
        byte[] enc = "json".getBytes(StandardCharsets.UTF_8);
        byte[] payload = body.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(13 + enc.length + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 2).putInt(service).putInt(call).putInt(enc.length).put(enc).put(payload);
        return sendable(b);
    }

    /** A client message frame. */
    static ByteBuffer message(int channel, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(5 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 1).putInt(channel).put(payload);
        return sendable(b);
    }

    /**
     * The filled buffer, flipped and big-endian again: the JDK's WebSocket masks a frame eight bytes at a time in the
     * buffer's own byte order, so a little-endian buffer would go out with each eight bytes reversed.
     */
    private static ByteBuffer sendable(ByteBuffer filled) {
        return filled.flip().order(ByteOrder.BIG_ENDIAN);
    }

    /** The message type an advertised channel names, built from its base64 FileDescriptorSet alone. */
    static Descriptor descriptor(JsonNode channel) throws Exception {
        FileDescriptorSet set = FileDescriptorSet.parseFrom(
                Base64.getDecoder().decode(channel.get("schema").asText()));
        Map<String, FileDescriptor> built = new HashMap<>();
        for (FileDescriptorProto p : set.getFileList()) { // dependencies come first
            FileDescriptor[] deps =
                    p.getDependencyList().stream().map(built::get).toArray(FileDescriptor[]::new);
            built.put(p.getName(), FileDescriptor.buildFrom(p, deps));
        }
        String full = channel.get("schemaName").asText();
        for (FileDescriptor f : built.values()) {
            Descriptor d = f.findMessageTypeByName(full.substring(full.lastIndexOf('.') + 1));
            if (d != null && d.getFullName().equals(full)) {
                return d;
            }
        }
        throw new AssertionError("the schema of " + channel + " does not hold " + full);
    }

    /** The payload of a message data frame, decoded with {@code type}. */
    static DynamicMessage decode(ByteBuffer frame, Descriptor type) throws Exception {
        ByteBuffer b = frame.duplicate().position(13);
        byte[] payload = new byte[b.remaining()];
        b.get(payload);
        return DynamicMessage.parseFrom(type, payload);
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
    }
}
