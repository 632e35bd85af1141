package io.orrery.render;

/** What a camera reads back after each frame. */
public enum RenderOutput {
    /** RGB, 8 bits a channel, rows top to bottom. */
    COLOR,
    /** 32-bit floats: metres along the optical axis, +inf beyond the far clip, −inf nearer than the near clip. */
    DEPTH,
    /** gz-sensors' segmentation label map: 3 bytes a pixel, encoded as the camera's {@link SegmentationType} says. */
    SEGMENTATION
}
