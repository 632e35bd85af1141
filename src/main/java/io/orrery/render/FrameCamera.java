package io.orrery.render;

import io.orrery.world.Pose;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * A camera that draws a scene from a pose into images it reads back: a pinhole {@link RenderCamera} or a
 * {@link WideAngleCamera}. Belongs to its renderer and its thread; the buffers it gives are read-only and written over
 * by the next frame.
 */
public interface FrameCamera extends AutoCloseable {

    /** The image it gives: size, clip and visibility mask. */
    CameraModel model();

    /** Draws the scene seen from {@code pose} (SDF's convention: looking along +X, +Z up) and reads it back. */
    void render(RenderScene scene, Pose pose);

    /** The colour image of the last frame: RGB, 3 bytes a pixel, row 0 at the top. */
    ByteBuffer color();

    /** The depth image of the last frame, for a camera that draws one. */
    FloatBuffer depth();

    /** The segmentation label map of the last frame, for a camera that draws one. */
    ByteBuffer segmentation();

    /** Frees what it holds on the GPU; the renderer's thread only. */
    @Override
    void close();
}
