package io.orrery.runner.port;

import com.gz.msgs.ImageProtos.Image;
import io.orrery.physics.ModelState;
import io.orrery.topic.TopicMessage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What a controller sees after a lockstep step or a reset, all taken at one instant (the last StepEnd, or the end of
 * the reset): the status, the latest message of each observed topic, the observed models and the cameras' images.
 *
 * @param status the simulation's status then
 * @param observations each observed topic, in the order asked for, to its latest message; {@code null} for a topic
 *     with no message yet in this episode
 * @param models the observed models, in the order asked for
 * @param images each camera asked for, in the order asked for (by the name it was asked by), to its images (colour,
 *     then depth) drawn from the world then, on the camera's own thread: the future completes there
 */
public record StepResult(
        SimulationStatus status,
        Map<String, TopicMessage> observations,
        List<ModelState> models,
        Map<String, CompletableFuture<List<Image>>> images) {

    /** A result with no images. */
    public StepResult(SimulationStatus status, Map<String, TopicMessage> observations, List<ModelState> models) {
        this(status, observations, models, Map.of());
    }

    /** Completes once every image is drawn, with this result; fails as the first image that failed. */
    public CompletableFuture<StepResult> drawn() {
        if (images.isEmpty()) {
            return CompletableFuture.completedFuture(this);
        }
        return CompletableFuture.allOf(images.values().toArray(CompletableFuture[]::new))
                .thenApply(done -> this);
    }
}
