package io.orrery.device;

import com.gz.msgs.ImageProtos.Image;
import io.orrery.physics.WorldView;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A device that draws images (a camera sensor): its topics, and a frame drawn on demand, as a lockstep controller
 * asks for one at the end of its step.
 */
public interface Camera {

    /** The sensor's scoped name, {@code model::link::sensor}. */
    String name();

    /** The topic its colour image goes on, if it has one (a segmentation camera's coloured map). */
    Optional<String> colorTopic();

    /** The topic its depth image goes on, if it has one. */
    Optional<String> depthTopic();

    /**
     * Runner thread: takes the world's poses now and has them drawn on the camera's own thread, stamped with
     * {@code simTimeNanos}; the future completes there with its images (colour first, then depth; a segmentation
     * camera's label map, then its coloured map), or fails when the camera closes first. Never dropped for a newer
     * frame.
     */
    CompletableFuture<List<Image>> draw(WorldView world, long simTimeNanos);

    /**
     * Where in {@link #draw}'s images the image on {@link #depthTopic()} ({@code depth}) or on {@link #colorTopic()}
     * is.
     */
    int imageIndex(boolean depth);

    /**
     * The camera of {@code cameras} that {@code name} names: its scoped name, or its sensor's name when no other
     * camera has it.
     *
     * @throws UnknownCameraException naming the cameras there are, when none has that name
     */
    static Camera find(List<Camera> cameras, String name) {
        Camera bySensor = null;
        int sensors = 0;
        for (Camera c : cameras) {
            if (c.name().equals(name)) {
                return c;
            }
            if (c.name().endsWith("::" + name)) {
                bySensor = c;
                sensors++;
            }
        }
        if (sensors == 1) {
            return bySensor;
        }
        throw new UnknownCameraException(
                name, cameras.stream().map(Camera::name).toList());
    }
}
