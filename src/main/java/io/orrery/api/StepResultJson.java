package io.orrery.api;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import io.orrery.runner.port.StepResult;
import io.orrery.topic.TopicMessage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a step, a reset or an observation saw, as JSON: the one writer of a {@link StepResult} for HTTP
 * ({@link Http}: the status, then this) and the control WebSocket ({@link Answer}: the op, the request's id, the
 * time, then this).
 *
 * @param observations each observed topic to its latest message, null when none was delivered in this episode
 * @param models the observed models
 */
record StepResultJson(Map<String, ObservationJson> observations, List<ModelController.ModelJson> models) {

    static StepResultJson of(StepResult r) {
        Map<String, ObservationJson> observations = new LinkedHashMap<>();
        r.observations().forEach((topic, m) -> observations.put(topic, ObservationJson.of(m)));
        return new StepResultJson(
                observations,
                r.models().stream().map(ModelController.ModelJson::of).toList());
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

    /** The answer to {@code POST /api/simulation/step} with a body: the status, then what was observed. */
    record Http(
            @JsonUnwrapped SimulationController.SimulationJson status,
            @JsonUnwrapped StepResultJson observed) {}

    /**
     * A control WebSocket answer to {@code step}, {@code reset} or {@code observe}.
     *
     * @param op {@code stepped}, {@code reset} or {@code observed}
     * @param id the request's id, repeated
     * @param simTime sim seconds then
     * @param state the lifecycle state then
     */
    record Answer(
            String op,
            JsonNode id,
            double simTime,
            long iterations,
            String state,
            @JsonUnwrapped StepResultJson observed) {

        static Answer of(String op, JsonNode id, StepResult r) {
            return new Answer(
                    op,
                    id,
                    r.status().simTimeSeconds(),
                    r.status().iterations(),
                    r.status().state().name(),
                    StepResultJson.of(r));
        }
    }
}
