package io.orrery.device.camera;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.ImageProtos.Image;
import io.orrery.noise.Noise;
import io.orrery.world.Pose;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One frame to draw, taken on the runner thread at the end of a step: the episode it belongs to (a reset starts the
 * next), the header it is stamped with, the pose of every body of the camera's scene then (null for a body whose
 * model has left the world) and the camera's pose; {@code demand}, for a frame drawn on demand, is completed with its
 * images instead of their being published (null for a frame the camera samples at its rate); the noises are this
 * frame's own streams ({@link Noise#fork}), drawn from on the rendering thread.
 */
record Frame(
        long episode,
        Header header,
        Pose[] bodies,
        Pose camera,
        CompletableFuture<List<Image>> demand,
        Noise colorNoise,
        Noise depthNoise) {}
