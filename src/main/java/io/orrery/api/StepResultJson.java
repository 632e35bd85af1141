package io.orrery.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import com.gz.msgs.ImageProtos.Image;
import io.orrery.runner.port.StepResult;
import io.orrery.topic.TopicMessage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What a step, a reset or an observation saw, as JSON: the one writer of a {@link StepResult} for HTTP
 * ({@link Http}: the status, then this) and the control WebSocket ({@link Answer}: the op, the request's id, the
 * time, then this).
 *
 * @param observations each observed topic to its latest message, null when none was delivered in this episode
 * @param models the observed models
 */
record StepResultJson(
        Map<String, ObservationJson> observations,
        List<ModelController.ModelJson> models,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<ImageJson> images,
        @JsonIgnore List<ByteBuffer> frames) {

    static StepResultJson of(StepResult r) {
        Map<String, ObservationJson> observations = new LinkedHashMap<>();
        r.observations().forEach((topic, m) -> observations.put(topic, ObservationJson.of(m)));
        List<ImageJson> images = null;
        List<ByteBuffer> frames = List.of();
        if (!r.images().isEmpty()) {
            images = new ArrayList<>();
            frames = new ArrayList<>();
            for (Map.Entry<String, CompletableFuture<List<Image>>> e :
                    r.images().entrySet()) {
                for (Image image : e.getValue().join()) { // drawn: the step's answer waited for them
                    images.add(ImageJson.of(e.getKey(), image));
                    frames.add(image.getData().asReadOnlyByteBuffer());
                }
            }
        }
        return new StepResultJson(
                observations,
                r.models().stream().map(ModelController.ModelJson::of).toList(),
                images,
                frames);
    }

    /**
     * One camera image of a step's answer on the control WebSocket; its pixels are the binary frame in the same place
     * among those that follow the answer: {@code RGB_INT8} 3 bytes a pixel, {@code R_FLOAT32} little-endian floats
     * (metres), rows of {@code step} bytes, row 0 at the top.
     *
     * @param camera the camera as the request named it
     * @param format the pixel format, as gz.msgs.Image names it
     * @param simTime the sim seconds of the world it shows: the step's end
     */
    record ImageJson(String camera, String format, int width, int height, int step, double simTime, int bytes) {
        static ImageJson of(String camera, Image i) {
            long nanos = i.getHeader().getStamp().getSec() * 1_000_000_000L
                    + i.getHeader().getStamp().getNsec();
            return new ImageJson(
                    camera,
                    i.getPixelFormatType().name(),
                    i.getWidth(),
                    i.getHeight(),
                    i.getStep(),
                    nanos / 1e9,
                    i.getData().size());
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
