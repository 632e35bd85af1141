package io.orrery.system.multicoptercontrol;

import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.List;

/**
 * Gazebo's LeeVelocityController (after RotorS' LeePositionController and Lee, Leok and McClamroch, "Geometric
 * tracking control of a quadrotor UAV on SE(3)", 2010): a commanded linear velocity and yaw rate, both in the body
 * frame, become a thrust along the body's z axis and an angular acceleration from the attitude and rate errors, and
 * those become rotor speeds through the pseudo-inverse of the rotors' allocation matrix (Lee et al.'s Eq. 1). Gazebo's
 * arithmetic throughout, including its velocity gain divided by the mass and the inertia terms it leaves out.
 */
final class LeeVelocityController {

    /** Eigen's FullPivLU threshold Gazebo sets: pivots below this share of the largest count as zero. */
    private static final double RANK_THRESHOLD = 1e-9;
    /** Below this squared sine the desired heading is taken from another body axis. */
    private static final double PARALLEL = 1e-3;

    private final double mass;
    private final Vec3 gravity;
    private final Vec3 velocityGain;
    private final Vec3 maxLinearAcceleration;
    private final Vec3 normalizedAttitudeGain;
    private final Vec3 normalizedAngularRateGain;
    /** Rotors × 4: angular acceleration and thrust to squared rotor speeds. */
    private final double[][] toRotorSpeeds;

    private LeeVelocityController(
            double mass,
            Vec3 gravity,
            Vec3 velocityGain,
            Vec3 maxLinearAcceleration,
            Vec3 normalizedAttitudeGain,
            Vec3 normalizedAngularRateGain,
            double[][] toRotorSpeeds) {
        this.mass = mass;
        this.gravity = gravity;
        this.velocityGain = velocityGain;
        this.maxLinearAcceleration = maxLinearAcceleration;
        this.normalizedAttitudeGain = normalizedAttitudeGain;
        this.normalizedAngularRateGain = normalizedAngularRateGain;
        this.toRotorSpeeds = toRotorSpeeds;
    }

    /**
     * A controller for a vehicle of {@code mass} (kg) and {@code inertia} (3×3, kg m², at its centre of mass) under
     * {@code gravity}, with the gains Gazebo reads.
     *
     * @throws IllegalArgumentException when the rotors cannot control thrust and all three torques (the allocation
     *     matrix's rank is below 4), or the inertia cannot be inverted
     */
    static LeeVelocityController of(
            double mass,
            double[][] inertia,
            Vec3 gravity,
            List<Rotor> rotors,
            Vec3 velocityGain,
            Vec3 attitudeGain,
            Vec3 angularRateGain,
            Vec3 maxLinearAcceleration) {
        double[][] a = allocation(rotors);
        int rank = rank(a);
        if (rank < 4) {
            throw new IllegalArgumentException("the rank of the rotors' allocation matrix is " + rank
                    + "; it must be 4 for a fully controllable vehicle: check <rotorConfiguration>");
        }
        double[][] inverseInertia = inverse(inertia);
        double[][] moi = new double[4][4];
        for (int i = 0; i < 3; i++) {
            System.arraycopy(inertia[i], 0, moi[i], 0, 3);
        }
        moi[3][3] = 1;
        // A⁺ = Aᵀ (A Aᵀ)⁻¹, then times the inertia so that angular accelerations map to rotor speeds
        double[][] at = transpose(a);
        double[][] map = times(times(at, inverse(times(a, at))), moi);
        return new LeeVelocityController(
                mass,
                gravity,
                velocityGain,
                maxLinearAcceleration,
                rowTimes(attitudeGain, inverseInertia),
                rowTimes(angularRateGain, inverseInertia),
                map);
    }

    /** The rotors' speeds (rad/s, none negative) that track {@code linear} (m/s) and {@code yawRate} (rad/s). */
    double[] rotorVelocities(FrameData frame, Vec3 linear, Vec3 angular) {
        Vec3 acceleration = desiredAcceleration(frame, linear);
        Vec3 angularAcceleration = desiredAngularAcceleration(frame, angular, acceleration);
        Vec3 bodyZ = frame.rotation().rotate(Vec3.UNIT_Z);
        double thrust = -mass * acceleration.dot(bodyZ);
        double[] in = {angularAcceleration.x(), angularAcceleration.y(), angularAcceleration.z(), thrust};
        double[] out = new double[toRotorSpeeds.length];
        for (int i = 0; i < out.length; i++) {
            double sum = 0;
            for (int j = 0; j < 4; j++) {
                sum += toRotorSpeeds[i][j] * in[j];
            }
            out[i] = Math.sqrt(Math.max(sum, 0));
        }
        return out;
    }

    private Vec3 desiredAcceleration(FrameData frame, Vec3 linear) {
        Vec3 error = frame.linearVelocityWorld().minus(frame.rotation().rotate(linear));
        Vec3 command = new Vec3(
                limit(error.x() * velocityGain.x() / mass, maxLinearAcceleration.x()),
                limit(error.y() * velocityGain.y() / mass, maxLinearAcceleration.y()),
                limit(error.z() * velocityGain.z() / mass, maxLinearAcceleration.z()));
        return command.plus(gravity);
    }

    private static double limit(double value, double max) {
        return Math.min(Math.abs(value), max) * Math.signum(value);
    }

    private Vec3 desiredAngularAcceleration(FrameData frame, Vec3 angular, Vec3 acceleration) {
        double[][] rot = matrix(frame.rotation());
        Vec3 b1 = column(rot, 0);
        Vec3 b3 = acceleration.times(-1 / acceleration.length());
        if (lengthSquared(b1.cross(b3)) < PARALLEL) {
            b1 = column(rot, 1);
            if (lengthSquared(b1.cross(b3)) < PARALLEL) {
                b1 = column(rot, 2);
            }
        }
        Vec3 b2 = b3.cross(b1).normalized();
        double[][] desired = fromColumns(b2.cross(b3), b2, b3);
        double[][] rt = transpose(rot);
        double[][] rtDesired = times(rt, desired);
        double[][] e = times(transpose(desired), rot);
        // the vee of ½ (R_dᵀ R − Rᵀ R_d)
        Vec3 angleError = new Vec3(
                0.5 * (e[2][1] - rtDesired[2][1]),
                0.5 * (e[0][2] - rtDesired[0][2]),
                0.5 * (e[1][0] - rtDesired[1][0]));
        Vec3 rateDesired = new Vec3(0, 0, angular.z());
        Vec3 rateError = frame.angularVelocityBody().minus(apply(rtDesired, rateDesired));
        return new Vec3(
                -angleError.x() * normalizedAttitudeGain.x() - rateError.x() * normalizedAngularRateGain.x(),
                -angleError.y() * normalizedAttitudeGain.y() - rateError.y() * normalizedAngularRateGain.y(),
                -angleError.z() * normalizedAttitudeGain.z() - rateError.z() * normalizedAngularRateGain.z());
    }

    /** Lee et al.'s Eq. 1: rows roll, pitch and yaw torque and thrust per unit squared rotor speed. */
    static double[][] allocation(List<Rotor> rotors) {
        double[][] a = new double[4][rotors.size()];
        for (int i = 0; i < rotors.size(); i++) {
            Rotor r = rotors.get(i);
            a[0][i] = Math.sin(r.angle()) * r.armLength() * r.forceConstant();
            a[1][i] = -Math.cos(r.angle()) * r.armLength() * r.forceConstant();
            a[2][i] = -r.direction() * r.forceConstant() * r.momentConstant();
            a[3][i] = r.forceConstant();
        }
        return a;
    }

    /** The rank by Gaussian elimination with full pivoting, as Eigen's FullPivLU counts it. */
    static int rank(double[][] matrix) {
        int rows = matrix.length;
        int cols = rows == 0 ? 0 : matrix[0].length;
        double[][] m = new double[rows][];
        for (int i = 0; i < rows; i++) {
            m[i] = matrix[i].clone();
        }
        double largest = -1;
        int rank = 0;
        for (int k = 0; k < Math.min(rows, cols); k++) {
            int pr = k;
            int pc = k;
            for (int i = k; i < rows; i++) {
                for (int j = k; j < cols; j++) {
                    if (Math.abs(m[i][j]) > Math.abs(m[pr][pc])) {
                        pr = i;
                        pc = j;
                    }
                }
            }
            double pivot = Math.abs(m[pr][pc]);
            if (largest < 0) {
                largest = pivot;
            }
            if (pivot == 0 || pivot <= RANK_THRESHOLD * largest) {
                break;
            }
            rank++;
            double[] row = m[pr];
            m[pr] = m[k];
            m[k] = row;
            for (double[] r : m) {
                double t = r[pc];
                r[pc] = r[k];
                r[k] = t;
            }
            for (int i = k + 1; i < rows; i++) {
                double f = m[i][k] / m[k][k];
                for (int j = k; j < cols; j++) {
                    m[i][j] -= f * m[k][j];
                }
            }
        }
        return rank;
    }

    /** The inverse of a square matrix by Gauss-Jordan elimination with partial pivoting. */
    static double[][] inverse(double[][] matrix) {
        int n = matrix.length;
        double[][] m = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(matrix[i], 0, m[i], 0, n);
            m[i][n + i] = 1;
        }
        for (int k = 0; k < n; k++) {
            int p = k;
            for (int i = k + 1; i < n; i++) {
                if (Math.abs(m[i][k]) > Math.abs(m[p][k])) {
                    p = i;
                }
            }
            if (m[p][k] == 0) {
                throw new IllegalArgumentException("a singular matrix cannot be inverted");
            }
            double[] row = m[p];
            m[p] = m[k];
            m[k] = row;
            double pivot = m[k][k];
            for (int j = 0; j < 2 * n; j++) {
                m[k][j] /= pivot;
            }
            for (int i = 0; i < n; i++) {
                if (i != k && m[i][k] != 0) {
                    double f = m[i][k];
                    for (int j = 0; j < 2 * n; j++) {
                        m[i][j] -= f * m[k][j];
                    }
                }
            }
        }
        double[][] out = new double[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], n, out[i], 0, n);
        }
        return out;
    }

    static double[][] times(double[][] a, double[][] b) {
        double[][] out = new double[a.length][b[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b[0].length; j++) {
                double sum = 0;
                for (int k = 0; k < b.length; k++) {
                    sum += a[i][k] * b[k][j];
                }
                out[i][j] = sum;
            }
        }
        return out;
    }

    static double[][] transpose(double[][] a) {
        double[][] out = new double[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                out[j][i] = a[i][j];
            }
        }
        return out;
    }

    /** The row vector {@code v} times the 3×3 {@code m}, as Gazebo normalises its gains by the inverse inertia. */
    private static Vec3 rowTimes(Vec3 v, double[][] m) {
        return new Vec3(
                v.x() * m[0][0] + v.y() * m[1][0] + v.z() * m[2][0],
                v.x() * m[0][1] + v.y() * m[1][1] + v.z() * m[2][1],
                v.x() * m[0][2] + v.y() * m[1][2] + v.z() * m[2][2]);
    }

    private static Vec3 apply(double[][] m, Vec3 v) {
        return new Vec3(
                m[0][0] * v.x() + m[0][1] * v.y() + m[0][2] * v.z(),
                m[1][0] * v.x() + m[1][1] * v.y() + m[1][2] * v.z(),
                m[2][0] * v.x() + m[2][1] * v.y() + m[2][2] * v.z());
    }

    private static double[][] matrix(Quat q) {
        return fromColumns(q.rotate(new Vec3(1, 0, 0)), q.rotate(new Vec3(0, 1, 0)), q.rotate(Vec3.UNIT_Z));
    }

    private static double[][] fromColumns(Vec3 c0, Vec3 c1, Vec3 c2) {
        return new double[][] {{c0.x(), c1.x(), c2.x()}, {c0.y(), c1.y(), c2.y()}, {c0.z(), c1.z(), c2.z()}};
    }

    private static Vec3 column(double[][] m, int j) {
        return new Vec3(m[0][j], m[1][j], m[2][j]);
    }

    private static double lengthSquared(Vec3 v) {
        return v.dot(v);
    }
}
