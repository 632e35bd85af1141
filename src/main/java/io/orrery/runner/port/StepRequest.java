package io.orrery.runner.port;

import com.google.protobuf.Message;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One lockstep step of a controller: messages published at the start of the batch (before the first step's
 * PreUpdate, in the order given), {@code count} steps, then what it observes, taken at the last step's StepEnd.
 *
 * @param count steps to run, at least 1
 * @param publish topic to message (a message of the topic's type), delivered in this order
 * @param observe topics whose latest message the result carries
 * @param models models whose pose, velocity and joints the result carries
 * @param images cameras (scoped or sensor names) whose images the result carries, drawn at the last StepEnd
 */
public record StepRequest(
        long count, Map<String, Message> publish, List<String> observe, List<String> models, List<String> images) {

    public StepRequest {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, got " + count);
        }
        publish = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(publish, "publish")));
        observe = List.copyOf(observe);
        models = List.copyOf(models);
        images = List.copyOf(images);
    }

    /** A step that asks for no images. */
    public StepRequest(long count, Map<String, Message> publish, List<String> observe, List<String> models) {
        this(count, publish, observe, models, List.of());
    }

    /** {@code count} steps with nothing published or observed. */
    public static StepRequest steps(long count) {
        return new StepRequest(count, Map.of(), List.of(), List.of());
    }
}
