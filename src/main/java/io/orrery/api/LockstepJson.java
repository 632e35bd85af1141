package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import io.orrery.app.Topics;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldId;
import io.orrery.runner.port.StepRequest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A controller's step as JSON, for {@code POST /api/simulation/step} and the control WebSocket alike:
 * {@code {"count": 10, "publish": {"<topic>": {<message>}}, "observe": ["<topic>"], "models": ["<model>"]}};
 * messages as the topics API reads them. What it observes is written by {@link StepResultJson}.
 */
final class LockstepJson {

    private static final Set<String> STEP_FIELDS = Set.of("count", "publish", "observe", "models");

    private final MessageReader reader;
    private final Topics topics;

    LockstepJson(MessageReader reader, Topics topics) {
        this.reader = reader;
        this.topics = topics;
    }

    /**
     * The step {@code body} asks for ({@code count} when it names none), its messages read against the types of
     * {@code world}'s topics; {@code extra} names the fields the caller reads itself (the WebSocket's {@code op} and
     * {@code id}).
     *
     * @throws IllegalArgumentException naming the field that is wrong (400)
     * @throws io.orrery.topic.UnknownTopicException for a topic to publish on that nothing subscribes to (404)
     * @throws IllegalStateException before the world has loaded (409)
     */
    StepRequest step(JsonNode body, long count, WorldId world, Set<String> extra) {
        topics.bus(world); // no world yet: refused before the body is read
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
        WorldControl.checkCount(steps);
        return new StepRequest(
                steps, messages(body.get("publish"), world), names(body, "observe"), names(body, "models"));
    }

    /** The topic or model names of {@code field}: a JSON array of strings, absent meaning none. */
    static List<String> names(JsonNode body, String field) {
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
            out.add(n.asText());
        }
        return out;
    }

    private Map<String, Message> messages(JsonNode publish, WorldId world) {
        if (publish == null || publish.isNull()) {
            return Map.of();
        }
        requireObject(publish, "'publish'");
        Map<String, Message> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : publish.properties()) {
            Topics.Target target = topics.target(world, e.getKey());
            out.put(target.topic(), reader.read(e.getValue(), target.type()));
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
}
