package io.orrery.render;

import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * 4×4 transforms in double precision, column-major as OpenGL takes them ({@code m[col * 4 + row]}), written into
 * arrays the caller owns so that a frame allocates nothing. Poses are composed in double and only the finished
 * model-view matrix is narrowed to float, so a world hundreds of metres wide keeps millimetre depth.
 */
final class Matrices {

    private Matrices() {}

    /** {@code out} = the rigid transform of {@code pose}. */
    static void pose(Pose pose, double[] out) {
        Quat q = pose.rotation();
        Vec3 p = pose.position();
        rigid(q.w(), q.x(), q.y(), q.z(), p.x(), p.y(), p.z(), out);
    }

    /** {@code out} = the rigid transform of a unit quaternion (w, x, y, z) and a translation. */
    static void rigid(double w, double x, double y, double z, double tx, double ty, double tz, double[] out) {
        double xx = x * x, yy = y * y, zz = z * z;
        double xy = x * y, xz = x * z, yz = y * z;
        double wx = w * x, wy = w * y, wz = w * z;
        out[0] = 1 - 2 * (yy + zz);
        out[1] = 2 * (xy + wz);
        out[2] = 2 * (xz - wy);
        out[3] = 0;
        out[4] = 2 * (xy - wz);
        out[5] = 1 - 2 * (xx + zz);
        out[6] = 2 * (yz + wx);
        out[7] = 0;
        out[8] = 2 * (xz + wy);
        out[9] = 2 * (yz - wx);
        out[10] = 1 - 2 * (xx + yy);
        out[11] = 0;
        out[12] = tx;
        out[13] = ty;
        out[14] = tz;
        out[15] = 1;
    }

    /** {@code out} = a × b; {@code out} may not be either operand. */
    static void multiply(double[] a, double[] b, double[] out) {
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                out[col * 4 + row] = a[row] * b[col * 4]
                        + a[4 + row] * b[col * 4 + 1]
                        + a[8 + row] * b[col * 4 + 2]
                        + a[12 + row] * b[col * 4 + 3];
            }
        }
    }

    /** {@code out} = the inverse of a rigid transform (rotation and translation only). */
    static void invertRigid(double[] m, double[] out) {
        // the rotation's transpose, and the translation rotated back and negated
        for (int col = 0; col < 3; col++) {
            for (int row = 0; row < 3; row++) {
                out[col * 4 + row] = m[row * 4 + col];
            }
            out[col * 4 + 3] = 0;
        }
        for (int row = 0; row < 3; row++) {
            out[12 + row] = -(out[row] * m[12] + out[4 + row] * m[13] + out[8 + row] * m[14]);
        }
        out[15] = 1;
    }

    /**
     * The view matrix of a camera whose pose (in the world) follows SDF's convention, looking along its +X with +Z
     * up: world to OpenGL's eye frame, which looks along −Z with +Y up and +X to the right (SDF's −Y).
     */
    static void view(Pose camera, double[] scratch, double[] inverse, double[] out) {
        pose(camera, scratch);
        invertRigid(scratch, inverse);
        // rows of the SDF-camera-to-eye rotation: x_eye = -y, y_eye = z, z_eye = -x
        for (int col = 0; col < 4; col++) {
            double x = inverse[col * 4], y = inverse[col * 4 + 1], z = inverse[col * 4 + 2];
            out[col * 4] = -y;
            out[col * 4 + 1] = z;
            out[col * 4 + 2] = -x;
            out[col * 4 + 3] = inverse[col * 4 + 3];
        }
    }

    /** The point {@code (x, y, z)} moved by {@code m}, into {@code out[offset..offset+2]}. */
    static void transformPoint(double[] m, double x, double y, double z, float[] out, int offset) {
        out[offset] = (float) (m[0] * x + m[4] * y + m[8] * z + m[12]);
        out[offset + 1] = (float) (m[1] * x + m[5] * y + m[9] * z + m[13]);
        out[offset + 2] = (float) (m[2] * x + m[6] * y + m[10] * z + m[14]);
    }

    /** The direction {@code (x, y, z)} turned by {@code m} and made unit length, into {@code out[offset..]}. */
    static void transformDirection(double[] m, double x, double y, double z, float[] out, int offset) {
        double dx = m[0] * x + m[4] * y + m[8] * z;
        double dy = m[1] * x + m[5] * y + m[9] * z;
        double dz = m[2] * x + m[6] * y + m[10] * z;
        double length = Math.sqrt(dx * dx + dy * dy + dz * dz);
        out[offset] = (float) (dx / length);
        out[offset + 1] = (float) (dy / length);
        out[offset + 2] = (float) (dz / length);
    }

    /** {@code m} narrowed to float, into {@code out}. */
    static void toFloat(double[] m, float[] out) {
        for (int i = 0; i < 16; i++) {
            out[i] = (float) m[i];
        }
    }
}
