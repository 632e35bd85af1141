package io.orrery.render;

import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * A wide-angle camera, as gz-rendering draws one: the scene is drawn into the faces of a cube around the camera
 * (square pinhole images of 90°, {@link CameraLens#envTextureSize} pixels a side), then each pixel of the image looks
 * up the ray its lens maps it to ({@link CameraLens}) in the cube, bilinearly within the face the ray leaves through.
 * Only the faces some pixel's ray leaves through are drawn. The look-up is worked out once, so a frame costs the faces'
 * drawing and one pass over the image on the CPU; it allocates nothing. Pixels beyond the lens's cutoff angle are
 * black, fading over the last 0.02 half widths as gz-rendering's shader does; so is a pixel no ray reaches (beyond an
 * orthographic or equisolid lens's reach).
 */
public final class WideAngleCamera implements FrameCamera {

    /** gz-rendering's soft edge at the cutoff radius, in half image widths. */
    private static final double EDGE = 0.02;

    /** The cube's faces in the camera's frame: front, back, left, right, up, down. */
    private static final Pose[] FACES = {
        Pose.IDENTITY,
        new Pose(Vec3.ZERO, Quat.fromEuler(0, 0, Math.PI)),
        new Pose(Vec3.ZERO, Quat.fromEuler(0, 0, Math.PI / 2)),
        new Pose(Vec3.ZERO, Quat.fromEuler(0, 0, -Math.PI / 2)),
        new Pose(Vec3.ZERO, Quat.fromEuler(0, -Math.PI / 2, 0)),
        new Pose(Vec3.ZERO, Quat.fromEuler(0, Math.PI / 2, 0)),
    };

    private final CameraModel model;
    private final CameraLens lens;
    private final RenderCamera face;
    private final int side;
    private final byte[][] faces = new byte[FACES.length][];
    /** Per pixel: the face its ray leaves through (−1: black), the texel its sample starts at and its weights. */
    private final byte[] faceOf;

    private final int[] texel;
    private final boolean[] lastColumn;
    private final boolean[] lastRow;
    private final float[] tx;
    private final float[] ty;
    private final float[] fade;
    private final ByteBuffer color;
    private final ByteBuffer colorView;
    private boolean closed;

    WideAngleCamera(CameraModel model, CameraLens lens, RenderCamera face) {
        this.model = model;
        this.lens = lens;
        this.face = face;
        this.side = face.model().width();
        int pixels = model.width() * model.height();
        faceOf = new byte[pixels];
        texel = new int[pixels];
        lastColumn = new boolean[pixels];
        lastRow = new boolean[pixels];
        tx = new float[pixels];
        ty = new float[pixels];
        fade = new float[pixels];
        color = ByteBuffer.allocateDirect(pixels * 3).order(ByteOrder.nativeOrder());
        colorView = color.asReadOnlyBuffer();
        lookUp();
    }

    /** Works out, once, which face and texels each pixel samples. */
    private void lookUp() {
        Vec3[] forward = new Vec3[FACES.length];
        Vec3[] left = new Vec3[FACES.length];
        Vec3[] up = new Vec3[FACES.length];
        for (int k = 0; k < FACES.length; k++) {
            Quat q = FACES[k].rotation();
            forward[k] = q.rotate(new Vec3(1, 0, 0));
            left[k] = q.rotate(new Vec3(0, 1, 0));
            up[k] = q.rotate(new Vec3(0, 0, 1));
        }
        int w = model.width();
        int h = model.height();
        double half = w / 2.0;
        double cut = lens.cutRadius();
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < w; i++) {
                int p = j * w + i;
                double x = (i + 0.5 - half) / half;
                double y = (h / 2.0 - (j + 0.5)) / half;
                double r = Math.hypot(x, y);
                double theta = r == 0 ? 0 : lens.angle(r);
                double keep = 1 - smoothstep(cut - EDGE, cut, r);
                if (Double.isNaN(theta) || !(keep > 0)) {
                    faceOf[p] = -1;
                    continue;
                }
                double s = Math.sin(theta);
                // SDF's camera frame: forward +X, right −Y, up +Z
                Vec3 d = r == 0 ? new Vec3(1, 0, 0) : new Vec3(Math.cos(theta), -s * x / r, s * y / r);
                int k = 0;
                for (int n = 1; n < FACES.length; n++) {
                    if (d.dot(forward[n]) > d.dot(forward[k])) {
                        k = n;
                    }
                }
                double a = d.dot(forward[k]);
                // the face's pinhole of 90°: fx = cx = side/2; sample centres at texel + 0.5
                double sx = clamp(side / 2.0 * (1 - d.dot(left[k]) / a) - 0.5);
                double sy = clamp(side / 2.0 * (1 - d.dot(up[k]) / a) - 0.5);
                int i0 = (int) Math.floor(sx);
                int j0 = (int) Math.floor(sy);
                faceOf[p] = (byte) k;
                texel[p] = (j0 * side + i0) * 3;
                lastColumn[p] = i0 >= side - 1;
                lastRow[p] = j0 >= side - 1;
                tx[p] = (float) (sx - i0);
                ty[p] = (float) (sy - j0);
                fade[p] = (float) keep;
                faces[k] = faces[k] != null ? faces[k] : new byte[side * side * 3];
            }
        }
    }

    private double clamp(double v) {
        return Math.max(0, Math.min(side - 1, v));
    }

    private static double smoothstep(double edge0, double edge1, double x) {
        double t = Math.max(0, Math.min(1, (x - edge0) / (edge1 - edge0)));
        return t * t * (3 - 2 * t);
    }

    @Override
    public CameraModel model() {
        return model;
    }

    /** The lens it maps with. */
    public CameraLens lens() {
        return lens;
    }

    /** How many of the cube's six faces a frame draws: those some pixel looks through. */
    public int facesDrawn() {
        int n = 0;
        for (byte[] f : faces) {
            n += f != null ? 1 : 0;
        }
        return n;
    }

    @Override
    public void render(RenderScene scene, Pose pose) {
        if (closed) {
            throw new IllegalStateException("the camera is closed");
        }
        for (int k = 0; k < FACES.length; k++) {
            if (faces[k] != null) {
                face.render(scene, pose.compose(FACES[k]));
                face.color().get(faces[k]);
            }
        }
        int pixels = faceOf.length;
        for (int p = 0; p < pixels; p++) {
            int k = faceOf[p];
            int o = p * 3;
            if (k < 0) {
                color.put(o, (byte) 0).put(o + 1, (byte) 0).put(o + 2, (byte) 0);
                continue;
            }
            byte[] t = faces[k];
            int t00 = texel[p];
            int t10 = lastColumn[p] ? t00 : t00 + 3;
            int down = lastRow[p] ? 0 : side * 3;
            float u = tx[p];
            float v = ty[p];
            for (int c = 0; c < 3; c++) {
                float top = (1 - u) * (t[t00 + c] & 0xFF) + u * (t[t10 + c] & 0xFF);
                float bottom = (1 - u) * (t[t00 + down + c] & 0xFF) + u * (t[t10 + down + c] & 0xFF);
                color.put(o + c, (byte) Math.round(((1 - v) * top + v * bottom) * fade[p]));
            }
        }
    }

    @Override
    public ByteBuffer color() {
        return colorView.duplicate();
    }

    /** A wide-angle camera draws colour only. */
    @Override
    public FloatBuffer depth() {
        throw new IllegalStateException("a wide-angle camera draws colour only");
    }

    /** A wide-angle camera draws colour only. */
    @Override
    public ByteBuffer segmentation() {
        throw new IllegalStateException("a wide-angle camera draws colour only");
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        face.close();
    }
}
