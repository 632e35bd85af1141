package io.orrery.physics.rigid;

/**
 * The Cholesky factor L (A = L Lᵀ) of a small symmetric positive semi-definite matrix, factorised once and then used
 * for as many solves as needed. A direction that moves no mass (a zero pivot, up to rounding) gets no speed rather
 * than an infinite one.
 */
final class Cholesky {

    private final double[][] l;
    private final boolean[] dead;

    /** Factorises a copy of {@code a}. */
    Cholesky(double[][] a) {
        int n = a.length;
        l = new double[n][];
        for (int i = 0; i < n; i++) {
            l[i] = a[i].clone();
        }
        dead = new boolean[n];
        double largest = 0;
        for (int i = 0; i < n; i++) {
            largest = Math.max(largest, l[i][i]);
        }
        double tiny = 1e-12 * largest;
        for (int j = 0; j < n; j++) {
            double d = l[j][j];
            for (int k = 0; k < j; k++) {
                d -= l[j][k] * l[j][k];
            }
            if (d <= tiny) {
                dead[j] = true;
                l[j][j] = 1;
                for (int i = j + 1; i < n; i++) {
                    l[i][j] = 0;
                }
                continue;
            }
            double root = Math.sqrt(d);
            l[j][j] = root;
            for (int i = j + 1; i < n; i++) {
                double s = l[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[i][k] * l[j][k];
                }
                l[i][j] = s / root;
            }
        }
    }

    /** The solution x of A x = b. */
    double[] solve(double[] b) {
        int n = b.length;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) { // L y = b
            double s = dead[i] ? 0 : b[i];
            for (int k = 0; k < i && !dead[i]; k++) {
                s -= l[i][k] * x[k];
            }
            x[i] = s / l[i][i];
        }
        for (int i = n - 1; i >= 0; i--) { // Lᵀ x = y
            double s = x[i];
            for (int k = i + 1; k < n && !dead[i]; k++) {
                s -= l[k][i] * x[k];
            }
            x[i] = dead[i] ? 0 : s / l[i][i];
        }
        return x;
    }
}
