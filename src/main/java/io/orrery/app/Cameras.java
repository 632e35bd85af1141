package io.orrery.app;

import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.Camera;
import io.orrery.device.UnknownCameraException;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.topic.TopicMessage;
import io.orrery.topic.TopicNames;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A world's cameras, for every surface: list them, and read the latest frame a camera published (colour or depth),
 * as a reader of its topic (so it counts as one of the topic's subscribers for a while).
 */
public final class Cameras {

    private final Worlds worlds;
    private final Topics topics;

    public Cameras(Worlds worlds, Topics topics) {
        this.worlds = worlds;
        this.topics = topics;
    }

    /** Which image of a camera. */
    public enum Output {
        COLOR,
        DEPTH
    }

    /**
     * A camera as listed.
     *
     * @param name its scoped name, {@code model::link::sensor}
     * @param color its colour image's topic, null when it has none
     * @param depth its depth image's topic, null when it has none
     */
    public record Listed(String name, String color, String depth) {}

    /** The world's cameras, in load order. */
    public List<Listed> list(WorldId world) {
        return cameras(world).stream()
                .map(c -> new Listed(
                        c.name(),
                        c.colorTopic().map(TopicNames::normalize).orElse(null),
                        c.depthTopic().map(TopicNames::normalize).orElse(null)))
                .toList();
    }

    /**
     * The latest image of {@code output} that the camera {@code name} (its scoped name, or its sensor's name when
     * that is unique) published; empty when it has published none yet (after waiting for a first, as a topic read
     * does).
     *
     * @throws UnknownCameraException naming the cameras there are, for a name none has
     * @throws IllegalArgumentException when the camera has no such output
     */
    public CompletableFuture<Optional<CameraImage>> latest(WorldId world, String name, Output output) {
        Camera camera = Camera.find(cameras(world), name);
        Optional<String> topic = output == Output.COLOR ? camera.colorTopic() : camera.depthTopic();
        if (topic.isEmpty()) {
            throw UnknownCameraException.noOutput(camera.name(), output == Output.COLOR ? "colour" : "depth");
        }
        return topics.read(world, topic.get())
                .thenCompose(m -> m.isPresent()
                        ? CompletableFuture.completedFuture(m.map(t -> CameraImage.of(camera.name(), t)))
                        : drawnWhilePaused(world, camera, output));
    }

    /**
     * A camera nobody watched has drawn no frame (cameras draw only for someone), and while the world is paused no
     * step will draw one: the frame of the world as it stands is drawn now, as a lockstep controller's is, and given to
     * this reader only. The next step's frame is the one published.
     */
    private CompletableFuture<Optional<CameraImage>> drawnWhilePaused(WorldId id, Camera camera, Output output) {
        World w = worlds.get(id);
        SimulationStatus status = w.reads().status();
        if (!status.paused()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        long simTimeNanos = status.simTimeNanos();
        return w.edits()
                .submit("draw camera " + camera.name(), physics -> camera.draw(physics, simTimeNanos))
                .thenCompose(drawn -> drawn)
                .thenApply(images -> Optional.of(new CameraImage(
                        camera.name(), simTimeNanos, images.get(camera.imageIndex(output == Output.DEPTH)))));
    }

    private List<Camera> cameras(WorldId world) {
        return worlds.get(world).reads().cameras();
    }

    /**
     * One frame of a camera.
     *
     * @param camera the camera's scoped name
     * @param simTimeNanos the sim time of the step it shows
     * @param image the gz.msgs.Image as published
     */
    public record CameraImage(String camera, long simTimeNanos, Image image) {

        static CameraImage of(String camera, TopicMessage m) {
            Image image = (Image) m.message();
            long nanos = image.getHeader().getStamp().getSec() * 1_000_000_000L
                    + image.getHeader().getStamp().getNsec();
            return new CameraImage(camera, nanos, image);
        }

        /** True for a depth image: 32-bit floats, little-endian. */
        public boolean isDepth() {
            return image.getPixelFormatType() == PixelFormatType.R_FLOAT32;
        }

        /** The image as a PNG (colour only). */
        public byte[] png() {
            return Png.rgb(image.getWidth(), image.getHeight(), image.getData());
        }
    }
}
