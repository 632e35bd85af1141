package io.orrery.api;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicMessage;
import io.orrery.topic.TopicNames;
import io.orrery.topic.UnknownTopicException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A controller's step and what it observes, as JSON, for {@code POST /api/simulation/step} and the control
 * WebSocket alike: {@code {"count": 10, "publish": {"<topic>": {<message>}}, "observe": ["<topic>"], "models":
 * ["<model>"]}}; messages as the topics API reads them.
 */
final class LockstepJson {

    private static final Set<String> STEP_FIELDS = Set.of("count", "publish", "observe", "models");

    private final MessageReader reader;

    LockstepJson(MessageReader reader) {
        this.reader = reader;
    }

    /**
     * The step {@code body} asks for ({@code count} when it names none), its messages read against the topics'
     * types; {@code extra} names the fields the caller reads itself (the WebSocket's {@code op} and {@code id}).
     *
     * @throws IllegalArgumentException naming the field that is wrong (400)
     * @throws UnknownTopicException for a topic to publish on that nothing subscribes to (404)
     */
    StepRequest step(JsonNode body, long count, TopicBus bus, Set<String> extra) {
        requireObject(body, "the step");
        checkFields(body, STEP_FIELDS, extra);
        long steps = count;
        JsonNode c = body.get("count");
        if (c != null) {
            if (!c.canConvertToLong() || !c.isIntegralNumber()) {
                throw new IllegalArgumentException("'count' must be a whole number, got " + c);
            }
            steps = c.asLong();
        }
        checkCount(steps);
        return new StepRequest(
                steps, messages(body.get("publish"), bus), names(body, "observe", true), names(body, "models", false));
    }

    static void checkCount(long count) {
        if (count < 1 || count > SimulationController.MAX_STEPS) {
            throw new IllegalArgumentException(
                    "count must be between 1 and " + SimulationController.MAX_STEPS + ", got " + count);
        }
    }

    /** The topic or model names of {@code field}: a JSON array of strings, absent meaning none. */
    static List<String> names(JsonNode body, String field, boolean topics) {
        JsonNode node = body.get(field);
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new IllegalArgumentException("'" + field + "' must be an array of names, got " + node);
        }
        List<String> out = new ArrayList<>(node.size());
        for (JsonNode n : node) {
            if (!n.isTextual() || n.asText().isBlank()) {
                throw new IllegalArgumentException("'" + field + "' must hold names (strings), got " + n);
            }
            out.add(topics ? TopicNames.normalize(n.asText()) : n.asText());
        }
        return out;
    }

    private Map<String, Message> messages(JsonNode publish, TopicBus bus) {
        if (publish == null || publish.isNull()) {
            return Map.of();
        }
        requireObject(publish, "'publish'");
        Map<String, Message> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : publish.properties()) {
            String topic = TopicNames.normalize(e.getKey());
            out.put(topic, reader.read(e.getValue(), bus.requireSubscribed(topic)));
        }
        return out;
    }

    static void requireObject(JsonNode node, String what) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException(what + " must be a JSON object");
        }
    }

    static void checkFields(JsonNode body, Set<String> known, Set<String> extra) {
        for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f) && !extra.contains(f)) {
                List<String> all = new ArrayList<>(known);
                all.addAll(extra);
                all.sort(null);
                throw new IllegalArgumentException("unknown field '" + f + "'; expected " + String.join(", ", all));
            }
        }
    }

    /**
     * A topic's latest message: when it was delivered (sim seconds), its place in the bus's order, its type and the
     * message itself.
     */
    record ObservationJson(double simTime, long sequence, String type, Message message) {
        static ObservationJson of(TopicMessage m) {
            return m == null ? null : new ObservationJson(m.simTimeNanos() / 1e9, m.sequence(), m.type(), m.message());
        }
    }

    /** Each observed topic to its latest message, null when none was delivered in this episode. */
    static Map<String, ObservationJson> observations(StepResult r) {
        Map<String, ObservationJson> out = new LinkedHashMap<>();
        r.observations().forEach((topic, m) -> out.put(topic, ObservationJson.of(m)));
        return out;
    }

    static List<ModelController.ModelJson> models(StepResult r) {
        return r.models().stream().map(ModelController.ModelJson::of).toList();
    }

    /** The answer to a step with a body: the status, then what was observed at the same StepEnd. */
    record StepJson(
            @JsonUnwrapped SimulationController.SimulationJson status,
            Map<String, ObservationJson> observations,
            List<ModelController.ModelJson> models) {

        static StepJson of(StepResult r, Set<String> allowed) {
            return new StepJson(
                    SimulationController.SimulationJson.of(r.status(), allowed),
                    LockstepJson.observations(r),
                    LockstepJson.models(r));
        }
    }
}
