package io.orrery.render;

/**
 * The projection matrix of a pinhole camera, for OpenGL with clip control's zero-to-one depth: x and y from the
 * intrinsics (pixel u = cx + fx·x/d, v = cy − fy·y/d in the eye frame, d the depth), image row 0 at the top of the
 * framebuffer, and depth reversed: 1 at {@code near}, 0 at {@code far} (or at infinity when far is infinite).
 */
final class Projection {

    private Projection() {}

    static void set(CameraModel m, double near, double far, float[] out) {
        java.util.Arrays.fill(out, 0);
        double w = m.width();
        double h = m.height();
        // clip x = (2fx/w)·x − (2cx/w − 1)·z; clip y flipped: −(2fy/h)·y − (2cy/h − 1)·z; clip w = −z
        out[0] = (float) (2 * m.fx() / w);
        out[8] = (float) -(2 * m.cx() / w - 1);
        out[5] = (float) (-2 * m.fy() / h);
        out[9] = (float) -(2 * m.cy() / h - 1);
        out[11] = -1;
        if (Double.isInfinite(far)) {
            out[10] = 0;
            out[14] = (float) near;
        } else {
            out[10] = (float) (near / (far - near));
            out[14] = (float) (near * far / (far - near));
        }
    }
}
