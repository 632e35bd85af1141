package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.control.Autoreset;
import io.orrery.control.BatchResult;
import io.orrery.control.Task;
import io.orrery.control.WorldBatch;
import io.orrery.control.WorldsHeldException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * The vector WebSocket, {@code /api/vector} (docs/vector-lockstep.md): a connection holds some of the batched worlds
 * ({@code open}), resets them ({@code reset}, answered in binary or JSON) and steps them all in one round trip (a
 * binary step request, or {@code step} in JSON for debugging). The handler's thread steps the worlds itself, on the
 * batch's pool, and answers before reading the connection's next frame. Closing lets go of the worlds.
 */
final class VectorSocketHandler extends AbstractWebSocketHandler {

    private static final Logger log = LoggerFactory.getLogger(VectorSocketHandler.class);

    private final WorldBatch batch;
    private final ObjectMapper mapper;
    private final int maxMessage;
    private final Map<String, Held> connections = new ConcurrentHashMap<>();
    private final AtomicLong numbers = new AtomicLong();

    VectorSocketHandler(WorldBatch batch, ObjectMapper mapper, int maxMessage) {
        this.batch = batch;
        this.mapper = mapper;
        this.maxMessage = maxMessage;
    }

    /** What one connection holds: its worlds, its mode, its reusable buffers. */
    private static final class Held {
        final String holder;
        int[] worlds;
        Autoreset mode = Autoreset.NEXT_STEP;
        BatchResult result;
        float[] actions;
        ByteBuffer answer;

        Held(String holder) {
            this.holder = holder;
        }
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) {
        session.setTextMessageSizeLimit(maxMessage);
        session.setBinaryMessageSizeLimit(maxMessage);
        connections.put(
                session.getId(),
                new Held("vector connection " + numbers.incrementAndGet() + " from " + session.getRemoteAddress()));
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        Held held = connections.remove(session.getId());
        if (held != null) {
            batch.release(held.holder);
        }
    }

    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) throws IOException {
        Held held = connections.get(session.getId());
        JsonNode id = null;
        try {
            JsonNode request;
            try {
                request = mapper.readTree(message.getPayload());
            } catch (IOException e) {
                throw new IllegalArgumentException("not JSON: " + e.getMessage());
            }
            if (request == null || !request.isObject()) {
                throw new IllegalArgumentException("expected a JSON object with an op and an id");
            }
            id = request.get("id");
            String op = request.path("op").asText("");
            switch (op) {
                case "open" -> open(session, held, request);
                case "reset" -> reset(session, held, request);
                case "step" -> stepJson(session, held, request);
                case "close" -> {
                    fields(request, Set.of());
                    batch.release(held.holder);
                    held.worlds = null;
                    send(session, answer("closed", id));
                }
                default ->
                    throw new IllegalArgumentException("unknown op '" + op + "'; expected open, reset, step or close");
            }
        } catch (RuntimeException e) {
            sendError(session, id, e);
        }
    }

    @Override
    protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) throws IOException {
        Held held = connections.get(session.getId());
        try {
            requireOpen(held);
            VectorFrames.StepRequest step = VectorFrames.readStep(
                    message.getPayload(), held.worlds.length, batch.task().actionWidth(), held.actions);
            batch.step(held.worlds, held.actions, held.mode, held.result);
            boolean withFinal = held.mode == Autoreset.SAME_STEP && held.result.anyFinal();
            session.sendMessage(new BinaryMessage(VectorFrames.writeAnswer(
                    held.answer, VectorFrames.STEP_ANSWER, step.id(), held.result, withFinal)));
        } catch (RuntimeException e) {
            sendError(session, null, e);
        }
    }

    private void open(WebSocketSession session, Held held, JsonNode request) throws IOException {
        fields(request, Set.of("count", "worlds", "autoreset"));
        if (held.worlds != null) {
            throw new WorldsHeldException("this connection holds worlds already: close them first");
        }
        Autoreset mode = Autoreset.named(request.path("autoreset").asText("next-step"));
        int[] worlds;
        if (request.has("worlds")) {
            if (request.has("count")) {
                throw new IllegalArgumentException("give count or worlds, not both");
            }
            List<String> ids = new ArrayList<>();
            request.get("worlds").forEach(w -> ids.add(w.asText()));
            worlds = batch.claim(held.holder, ids);
        } else {
            JsonNode count = request.get("count");
            if (count == null || !count.canConvertToInt()) {
                throw new IllegalArgumentException("count must be a whole number of worlds");
            }
            worlds = batch.claim(held.holder, count.intValue());
        }
        held.worlds = worlds;
        held.mode = mode;
        held.result = batch.result(worlds.length);
        held.actions = new float[worlds.length * batch.task().actionWidth()];
        held.answer = ByteBuffer.allocate(VectorFrames.answerSize(held.result, true));
        ObjectNode answer = answer("opened", request.get("id"));
        ArrayNode ids = answer.putArray("worlds");
        for (int w : worlds) {
            ids.add(WorldBatch.id(w));
        }
        answer.set("task", describe(batch.task()));
        answer.put("autoreset", mode.id());
        send(session, answer);
    }

    private void reset(WebSocketSession session, Held held, JsonNode request) throws IOException {
        fields(request, Set.of("seeds", "mask", "binary"));
        requireOpen(held);
        int n = held.worlds.length;
        Long[] seeds = null;
        JsonNode s = request.get("seeds");
        if (s != null && !s.isNull()) {
            if (!s.isArray() || s.size() != n) {
                throw new IllegalArgumentException("seeds must be a list of " + n + " (one per held world)");
            }
            seeds = new Long[n];
            for (int k = 0; k < n; k++) {
                JsonNode v = s.get(k);
                if (!v.isNull() && !v.canConvertToLong()) {
                    throw new IllegalArgumentException("seeds[" + k + "] must be a whole number or null");
                }
                seeds[k] = v.isNull() ? null : v.longValue();
            }
        }
        boolean[] mask = null;
        JsonNode m = request.get("mask");
        if (m != null && !m.isNull()) {
            if (!m.isArray() || m.size() != n) {
                throw new IllegalArgumentException("mask must be a list of " + n + " booleans (one per held world)");
            }
            mask = new boolean[n];
            boolean any = false;
            for (int k = 0; k < n; k++) {
                if (!m.get(k).isBoolean()) {
                    throw new IllegalArgumentException("mask[" + k + "] must be true or false");
                }
                mask[k] = m.get(k).booleanValue();
                any |= mask[k];
            }
            if (!any) {
                throw new IllegalArgumentException("mask must mark at least one world");
            }
        }
        batch.reset(held.worlds, seeds, mask, held.result);
        if (request.path("binary").asBoolean(false)) {
            long id = request.path("id").asLong(0);
            session.sendMessage(new BinaryMessage(
                    VectorFrames.writeAnswer(held.answer, VectorFrames.RESET_ANSWER, id, held.result, false)));
        } else {
            ObjectNode answer = answer("reset", request.get("id"));
            answer.set("obs", rows(held.result.observations, held.result.n, held.result.width));
            send(session, answer);
        }
    }

    private void stepJson(WebSocketSession session, Held held, JsonNode request) throws IOException {
        fields(request, Set.of("actions"));
        requireOpen(held);
        int n = held.worlds.length;
        int width = batch.task().actionWidth();
        JsonNode actions = request.get("actions");
        if (actions == null || !actions.isArray() || actions.size() != n) {
            throw new IllegalArgumentException("actions must be a list of " + n + " rows (one per held world)");
        }
        for (int k = 0; k < n; k++) {
            JsonNode row = actions.get(k);
            if (!row.isArray() || row.size() != width) {
                throw new IllegalArgumentException("actions[" + k + "] must be a list of " + width + " numbers");
            }
            for (int j = 0; j < width; j++) {
                if (!row.get(j).isNumber()) {
                    throw new IllegalArgumentException("actions[" + k + "][" + j + "] must be a number");
                }
                held.actions[k * width + j] = row.get(j).floatValue();
            }
        }
        batch.step(held.worlds, held.actions, held.mode, held.result);
        BatchResult r = held.result;
        ObjectNode answer = answer("stepped", request.get("id"));
        answer.set("obs", rows(r.observations, r.n, r.width));
        ArrayNode rewards = answer.putArray("rewards");
        ArrayNode terminated = answer.putArray("terminated");
        ArrayNode truncated = answer.putArray("truncated");
        ArrayNode finals = answer.putArray("final");
        ArrayNode finalObs = answer.putArray("finalObs");
        ArrayNode finalRows = rows(r.finalObservations, r.n, r.width);
        for (int k = 0; k < n; k++) {
            rewards.add(r.rewards[k]);
            terminated.add(r.terminated[k]);
            truncated.add(r.truncated[k]);
            finals.add(r.finals[k]);
            if (r.finals[k]) {
                finalObs.add(finalRows.get(k));
            } else {
                finalObs.addNull();
            }
        }
        send(session, answer);
    }

    private void requireOpen(Held held) {
        if (held.worlds == null) {
            throw new WorldsHeldException("this connection holds no worlds: open some first");
        }
    }

    private ArrayNode rows(float[] values, int n, int width) {
        ArrayNode rows = mapper.createArrayNode();
        for (int k = 0; k < n; k++) {
            ArrayNode row = rows.addArray();
            for (int j = 0; j < width; j++) {
                row.add(values[k * width + j]);
            }
        }
        return rows;
    }

    /** The task as a client builds its spaces from it: shapes, dtypes, bounds (null where unbounded), names. */
    private ObjectNode describe(Task task) {
        ObjectNode t = mapper.createObjectNode();
        t.put("name", task.name());
        t.put("stepSeconds", batch.stepSeconds() * task.stepsPerAction());
        t.put("stepsPerAction", task.stepsPerAction());
        t.put("maxEpisodeSteps", task.maxEpisodeSteps());
        ObjectNode obs = t.putObject("observation");
        obs.putArray("shape").add(task.observationWidth());
        obs.put("dtype", "float32");
        ArrayNode names = obs.putArray("names");
        task.observationNames().forEach(names::add);
        ArrayNode low = obs.putArray("low");
        ArrayNode high = obs.putArray("high");
        for (Task.Observation o : task.observations()) {
            for (int j = 0; j < o.low().length; j++) {
                bound(low, o.low()[j]);
                bound(high, o.high()[j]);
            }
        }
        ObjectNode act = t.putObject("action");
        act.putArray("shape").add(task.actionWidth());
        act.put("dtype", "float32");
        ArrayNode actionNames = act.putArray("names");
        ArrayNode actionLow = act.putArray("low");
        ArrayNode actionHigh = act.putArray("high");
        for (Task.Action a : task.actions()) {
            actionNames.add(a.name());
            bound(actionLow, a.low());
            bound(actionHigh, a.high());
        }
        return t;
    }

    private static void bound(ArrayNode to, double value) {
        if (Double.isInfinite(value)) {
            to.addNull();
        } else {
            to.add(value);
        }
    }

    private static void fields(JsonNode request, Set<String> allowed) {
        for (Iterator<String> names = request.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!name.equals("op") && !name.equals("id") && !allowed.contains(name)) {
                throw new IllegalArgumentException(
                        "unknown field '" + name + "'; this op takes " + new java.util.TreeSet<>(allowed));
            }
        }
    }

    private ObjectNode answer(String op, JsonNode id) {
        ObjectNode answer = mapper.createObjectNode();
        answer.put("op", op);
        answer.set("id", id);
        return answer;
    }

    private void send(WebSocketSession session, ObjectNode answer) throws IOException {
        session.sendMessage(new TextMessage(mapper.writeValueAsString(answer)));
    }

    private void sendError(WebSocketSession session, JsonNode id, RuntimeException e) throws IOException {
        int status = e instanceof WorldsHeldException ? 409 : e instanceof IllegalArgumentException ? 400 : 500;
        if (status == 500) {
            log.warn("a vector request failed", e);
        }
        ObjectNode error = answer("error", id);
        error.put("status", status);
        error.put("detail", e.getMessage());
        send(session, error);
    }
}
