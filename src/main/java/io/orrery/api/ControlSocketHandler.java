package io.orrery.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.gz.msgs.ImageProtos.Image;
import io.orrery.app.ControlHold;
import io.orrery.app.Stepping;
import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.device.UnknownCameraException;
import io.orrery.log.LogSafe;
import io.orrery.physics.UnknownModelException;
import io.orrery.runner.port.CommandQueueFullException;
import io.orrery.runner.port.CommandRefusedException;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.ControlHeldException;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import io.orrery.topic.UnknownTopicException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.PongMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;
import org.springframework.web.socket.handler.TextWebSocketHandler;

/**
 * The control WebSocket, {@code /api/control}: a controller in the loop. JSON text frames, each request with an
 * {@code id} its answer repeats: {@code acquire} holds the simulation for this connection (paused; others may read
 * and stop), {@code step} publishes, steps and observes, {@code reset} (optionally with a {@code seed} for sensor
 * noise) starts a new episode, {@code observe} reads, {@code release} lets go. Errors answer {@code op: error} with
 * an HTTP-like status and keep the connection open. Closing the connection releases the hold; the world stays
 * paused. Requests are handed to the runner and answered from its futures: this handler never waits on the runner,
 * and the runner never waits on a socket. A connection's requests are carried out and answered strictly in the order
 * they came, each once the one before has been answered (see {@link ControlConnection}), so a client may send
 * several without waiting.
 */
final class ControlSocketHandler extends TextWebSocketHandler {

    private static final Logger log = LoggerFactory.getLogger(ControlSocketHandler.class);
    private static final Set<String> ENVELOPE = Set.of("op", "id");
    /** A step's fields beyond the HTTP body's: the envelope and the cameras whose images come as binary frames. */
    /** Cameras one step may ask images of. */
    static final int MAX_IMAGES = 16;

    private static final Set<String> STEP_ENVELOPE = Set.of("op", "id", "images");

    private static final Set<String> RESET_FIELDS = Set.of("seed", "observe", "models");
    private static final Set<String> OBSERVE_FIELDS = Set.of("observe", "models");

    private static final WorldId WORLD = WorldId.DEFAULT;

    private final ControlHold hold;
    private final Stepping stepping;
    private final Worlds worlds;
    private final ObjectReader frames;
    private final ObjectWriter answers;
    private final LockstepJson lockstep;
    private final ExecutorService sender;
    private final int backlog;
    private final int maxMessage;
    private final int maxConnections;
    private final Map<String, ControlConnection> connections = new ConcurrentHashMap<>();
    /** Connections let in and not yet closed: at most maxConnections. */
    private final AtomicInteger admitted = new AtomicInteger();

    private final AtomicLong counter = new AtomicLong();

    ControlSocketHandler(
            ControlHold hold,
            Stepping stepping,
            Worlds worlds,
            ObjectMapper mapper,
            LockstepJson lockstep,
            ExecutorService sender,
            int backlog,
            int maxMessage,
            int maxConnections) {
        this.maxMessage = maxMessage;
        this.maxConnections = maxConnections;
        this.hold = hold;
        this.stepping = stepping;
        this.worlds = worlds;
        // Schubfach for doubles both ways: an answer carries dozens of them and FloatingDecimal took a quarter of
        // the send thread; every double still reads back bit for bit
        this.frames = mapper.reader().with(StreamReadFeature.USE_FAST_DOUBLE_PARSER);
        this.answers = mapper.writer().with(StreamWriteFeature.USE_FAST_DOUBLE_WRITER);
        this.lockstep = lockstep;
        this.sender = sender;
        this.backlog = backlog;
    }

    /**
     * How long a send to a client whose socket stays full may wait (Tomcat's blocking send, also the close frame
     * to a client that is not reading) before the connection is dropped.
     */
    static final long SEND_TIMEOUT_MILLIS = 5_000;

    /** How long a client may take to answer the close frame (Tomcat waits 30 s by default). */
    static final long CLOSE_TIMEOUT_MILLIS = 2_000;

    /** The close status for a connection beyond orrery.api.max-control-connections: 1013, try again later. */
    static final CloseStatus TOO_MANY = CloseStatus.SERVICE_OVERLOAD.withReason(
            "too many control connections (orrery.api.max-control-connections)");

    @Override
    public void afterConnectionEstablished(WebSocketSession session) {
        if (admitted.incrementAndGet() > maxConnections) {
            admitted.decrementAndGet();
            log.warn(
                    "Control connection from {} refused: {} are open, the most orrery.api.max-control-connections"
                            + " allows",
                    session.getRemoteAddress(),
                    maxConnections);
            try {
                session.close(TOO_MANY);
            } catch (IOException | RuntimeException e) {
                log.debug("Closing a refused control connection failed: {}", e.toString());
            }
            return;
        }
        session.setTextMessageSizeLimit(maxMessage); // a larger frame closes the connection with 1009
        session.setBinaryMessageSizeLimit(maxMessage);
        if (session instanceof NativeWebSocketSession nativeSession) {
            jakarta.websocket.Session ws = nativeSession.getNativeSession(jakarta.websocket.Session.class);
            if (ws != null) {
                ws.getUserProperties().put("org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT", SEND_TIMEOUT_MILLIS);
                // after our close frame, how long to wait for the client's before dropping the connection
                ws.getUserProperties().put("org.apache.tomcat.websocket.SESSION_CLOSE_TIMEOUT", CLOSE_TIMEOUT_MILLIS);
            }
        }
        String name = "control connection " + counter.incrementAndGet() + " from " + session.getRemoteAddress();
        connections.put(session.getId(), new ControlConnection(session, name, sender, backlog));
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        ControlConnection c = connections.remove(session.getId());
        if (c == null) {
            return; // refused, or never let in
        }
        admitted.decrementAndGet();
        c.closed();
        ControlHandle h = c.letGo();
        if (h != null) {
            log.info(
                    "{} closed ({}): its hold on the simulation is released, which stays paused",
                    LogSafe.of(c.name()),
                    LogSafe.of(status));
            h.release("its connection closed");
        }
    }

    @Override
    protected void handlePongMessage(WebSocketSession session, PongMessage message) {
        ControlConnection c = connections.get(session.getId());
        if (c != null) {
            c.heard();
        }
    }

    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) {
        ControlConnection c = connections.get(session.getId());
        if (c == null || c.isClosed()) {
            return;
        }
        c.heard();
        JsonNode request;
        try {
            request = frames.readTree(message.getPayload());
        } catch (JsonProcessingException e) {
            c.request(
                    () -> CompletableFuture.failedFuture(
                            new IllegalArgumentException("the frame is not JSON: " + e.getOriginalMessage())),
                    (body, failure) -> () -> ControlReply.text(error(null, failure)));
            return;
        }
        JsonNode id = request == null ? null : request.get("id");
        // Read here, on the socket's thread (a bad request fails before anything is asked of the runner); carried
        // out in its turn, once the connection's previous request has been answered.
        Supplier<CompletableFuture<Answer>> carryOut;
        try {
            carryOut = read(c, request);
        } catch (RuntimeException e) {
            carryOut = () -> CompletableFuture.failedFuture(e);
        }
        c.request(
                carryOut,
                (answer, failure) ->
                        failure == null ? () -> reply(answer.with(id)) : () -> ControlReply.text(error(id, failure)));
    }

    /** The request read and checked, as what carries it out in its turn. */
    private Supplier<CompletableFuture<Answer>> read(ControlConnection c, JsonNode request) {
        LockstepJson.requireObject(request, "a request");
        String op = request.path("op").asText("");
        return switch (op) {
            case "acquire" -> acquire(c, request);
            case "step" -> step(c, request);
            case "reset" -> reset(c, request);
            case "observe" -> observe(request);
            case "release" -> release(c, request);
            default ->
                throw new IllegalArgumentException(
                        "unknown op '" + op + "'; expected acquire, step, reset, observe or release");
        };
    }

    private Supplier<CompletableFuture<Answer>> acquire(ControlConnection c, JsonNode request) {
        LockstepJson.checkFields(request, Set.of(), ENVELOPE);
        return () -> {
            if (c.handle() != null && c.handle().holds()) { // (an operator may have released it since)
                return CompletableFuture.completedFuture(answer("acquired", "holder", c.name()));
            }
            return hold.acquire(WORLD, c.name()).thenApply(h -> {
                c.hold(h);
                if (c.isClosed()) { // closed while acquiring: let go at once
                    c.letGo();
                    h.release();
                }
                return answer("acquired", "holder", c.name());
            });
        };
    }

    private Supplier<CompletableFuture<Answer>> step(ControlConnection c, JsonNode request) {
        StepRequest asked = lockstep.step(request, 1, WORLD, STEP_ENVELOPE);
        List<String> images = LockstepJson.names(request, "images");
        if (images.size() > MAX_IMAGES || images.stream().distinct().count() != images.size()) {
            throw new IllegalArgumentException(
                    "'images' must name at most " + MAX_IMAGES + " cameras, each once, got " + images);
        }
        StepRequest step = images.isEmpty()
                ? asked
                : new StepRequest(asked.count(), asked.publish(), asked.observe(), asked.models(), images);
        return () -> stepping.step(holding(c, "step"), step).thenApply(r -> {
            c.holdImages(imageBytes(r));
            return result("stepped", r);
        });
    }

    private Supplier<CompletableFuture<Answer>> reset(ControlConnection c, JsonNode request) {
        LockstepJson.checkFields(request, RESET_FIELDS, ENVELOPE);
        JsonNode s = request.get("seed");
        OptionalLong seed = OptionalLong.empty();
        if (s != null && !s.isNull()) {
            if (!s.isIntegralNumber() || !s.canConvertToLong()) {
                throw new IllegalArgumentException("'seed' must be a whole number (a 64-bit integer), got " + s);
            }
            seed = OptionalLong.of(s.asLong());
        }
        OptionalLong episodeSeed = seed;
        List<String> observe = LockstepJson.names(request, "observe");
        List<String> models = LockstepJson.names(request, "models");
        return () -> stepping.reset(holding(c, "reset"), episodeSeed, observe, models)
                .thenApply(r -> result("reset", r));
    }

    private Supplier<CompletableFuture<Answer>> observe(JsonNode request) {
        LockstepJson.checkFields(request, OBSERVE_FIELDS, ENVELOPE);
        List<String> observe = LockstepJson.names(request, "observe");
        List<String> models = LockstepJson.names(request, "models");
        return () -> stepping.observe(WORLD, observe, models).thenApply(r -> result("observed", r));
    }

    private Supplier<CompletableFuture<Answer>> release(ControlConnection c, JsonNode request) {
        LockstepJson.checkFields(request, Set.of(), ENVELOPE);
        return () -> {
            ControlHandle h = c.letGo();
            CompletableFuture<Void> released = h == null ? CompletableFuture.completedFuture(null) : h.release();
            return released.thenApply(v -> answer("released"));
        };
    }

    private ControlHandle holding(ControlConnection c, String op) {
        ControlHandle h = c.handle();
        if (h == null) {
            throw new CommandRefusedException(
                    op + " (this connection does not hold the simulation: acquire it" + " first)",
                    worlds.get(WORLD).reads().currentState(),
                    Set.of("acquire"));
        }
        return h;
    }

    /** An answer to come, given the request's id it repeats after its op. */
    @FunctionalInterface
    private interface Answer {
        Object with(JsonNode id);
    }

    private static Answer answer(String op, Object... fields) {
        return id -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("op", op);
            m.put("id", id);
            for (int i = 0; i < fields.length; i += 2) {
                m.put((String) fields[i], fields[i + 1]);
            }
            return m;
        };
    }

    private static Answer result(String op, StepResult r) {
        return id -> StepResultJson.Answer.of(op, id, r);
    }

    private String error(JsonNode id, Throwable failure) {
        Throwable e =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (e instanceof ControlHeldException held) {
            Map<String, Object> m = errorBody(id, 409, e.getMessage());
            m.put("holder", held.holder());
            return write(m);
        }
        int status = e instanceof CommandQueueFullException
                ? 503
                : e instanceof CommandRefusedException
                        ? 409
                        : e instanceof UnknownTopicException
                                        || e instanceof UnknownModelException
                                        || e instanceof UnknownCameraException
                                ? 404
                                : e instanceof IllegalArgumentException
                                        ? 400
                                        : e instanceof IllegalStateException ? 409 : 500;
        if (status == 500) {
            log.error("Control request failed", e);
        }
        return write(errorBody(id, status, e.getMessage() == null ? e.toString() : e.getMessage()));
    }

    private static Map<String, Object> errorBody(JsonNode id, int status, String detail) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("op", "error");
        m.put("id", id);
        m.put("status", status);
        m.put("detail", detail);
        return m;
    }

    /** The bytes of a drawn step's images. */
    private static long imageBytes(StepResult r) {
        long bytes = 0;
        for (CompletableFuture<List<Image>> drawn : r.images().values()) {
            for (Image i : drawn.join()) {
                bytes += i.getData().size();
            }
        }
        return bytes;
    }

    /** The answer's text frame, and its images' binary frames when it has any. */
    private ControlReply reply(Object answer) {
        if (answer instanceof StepResultJson.Answer a && a.observed().images() != null) {
            return new ControlReply(write(answer), a.observed().frames());
        }
        return ControlReply.text(write(answer));
    }

    private String write(Object value) {
        try {
            return answers.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an answer could not be written as JSON", e);
        }
    }

    /** The connections open now (for tests, the idle watch and the closing of the server). */
    List<ControlConnection> connections() {
        return List.copyOf(connections.values());
    }
}
