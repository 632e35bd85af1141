package io.orrery.physics.rigid;

import io.orrery.world.InertialSpec;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * A full inertia tensor turned to its principal axes, as the engines take only a diagonal: the moments and the
 * rotation from the principal frame into the tensor's frame (I = R diag(moments) Rᵀ). Jacobi's method, which for a
 * symmetric 3×3 matrix converges to machine precision in a handful of sweeps.
 *
 * @param moments the principal moments, kg·m²
 * @param rotation the principal frame in the frame the tensor was given in
 */
record PrincipalInertia(Vec3 moments, Quat rotation) {

    private static final int MAX_SWEEPS = 50;

    /** The principal moments and axes of {@code i}; a diagonal tensor keeps its axes. */
    static PrincipalInertia of(InertialSpec.Inertia i) {
        double[][] a = {
            {i.ixx(), i.ixy(), i.ixz()},
            {i.ixy(), i.iyy(), i.iyz()},
            {i.ixz(), i.iyz(), i.izz()},
        };
        double[][] v = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        double scale = Math.abs(i.ixx()) + Math.abs(i.iyy()) + Math.abs(i.izz());
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = Math.abs(a[0][1]) + Math.abs(a[0][2]) + Math.abs(a[1][2]);
            if (off <= 1e-15 * scale || off == 0) {
                break;
            }
            for (int p = 0; p < 2; p++) {
                for (int q = p + 1; q < 3; q++) {
                    rotate(a, v, p, q);
                }
            }
        }
        // a proper rotation: flip the third axis if the eigenvectors came out left-handed
        Vec3 c0 = new Vec3(v[0][0], v[1][0], v[2][0]);
        Vec3 c1 = new Vec3(v[0][1], v[1][1], v[2][1]);
        Vec3 c2 = new Vec3(v[0][2], v[1][2], v[2][2]);
        if (c0.cross(c1).dot(c2) < 0) {
            c2 = c2.times(-1);
        }
        return new PrincipalInertia(new Vec3(a[0][0], a[1][1], a[2][2]), fromColumns(c0, c1, c2));
    }

    /** True when the tensor has off-diagonal terms that turn its principal axes. */
    static boolean hasProducts(InertialSpec.Inertia i) {
        return i.ixy() != 0 || i.ixz() != 0 || i.iyz() != 0;
    }

    /** One Jacobi rotation zeroing a[p][q], accumulated into v. */
    private static void rotate(double[][] a, double[][] v, int p, int q) {
        if (a[p][q] == 0) {
            return;
        }
        double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        if (theta == 0) {
            t = 1;
        }
        double c = 1 / Math.sqrt(t * t + 1);
        double s = t * c;
        for (int k = 0; k < 3; k++) {
            double akp = a[k][p];
            double akq = a[k][q];
            a[k][p] = c * akp - s * akq;
            a[k][q] = s * akp + c * akq;
        }
        for (int k = 0; k < 3; k++) {
            double apk = a[p][k];
            double aqk = a[q][k];
            a[p][k] = c * apk - s * aqk;
            a[q][k] = s * apk + c * aqk;
        }
        for (int k = 0; k < 3; k++) {
            double vkp = v[k][p];
            double vkq = v[k][q];
            v[k][p] = c * vkp - s * vkq;
            v[k][q] = s * vkp + c * vkq;
        }
    }

    /** The rotation whose matrix has these columns (orthonormal, right-handed). */
    static Quat fromColumns(Vec3 x, Vec3 y, Vec3 z) {
        double m00 = x.x(), m10 = x.y(), m20 = x.z();
        double m01 = y.x(), m11 = y.y(), m21 = y.z();
        double m02 = z.x(), m12 = z.y(), m22 = z.z();
        double trace = m00 + m11 + m22;
        Quat q;
        if (trace > 0) {
            double s = Math.sqrt(trace + 1) * 2;
            q = new Quat(0.25 * s, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s);
        } else if (m00 > m11 && m00 > m22) {
            double s = Math.sqrt(1 + m00 - m11 - m22) * 2;
            q = new Quat((m21 - m12) / s, 0.25 * s, (m01 + m10) / s, (m02 + m20) / s);
        } else if (m11 > m22) {
            double s = Math.sqrt(1 + m11 - m00 - m22) * 2;
            q = new Quat((m02 - m20) / s, (m01 + m10) / s, 0.25 * s, (m12 + m21) / s);
        } else {
            double s = Math.sqrt(1 + m22 - m00 - m11) * 2;
            q = new Quat((m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, 0.25 * s);
        }
        return q.normalized();
    }
}
