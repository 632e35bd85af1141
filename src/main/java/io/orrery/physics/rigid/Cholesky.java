package io.orrery.physics.rigid;

/** Solves a small symmetric positive semi-definite system A x = b by Cholesky factorisation, in place. */
final class Cholesky {

    private Cholesky() {
    }

    /**
     * The solution of A x = b. A direction that moves no mass (a zero pivot, up to rounding) gets no speed rather
     * than an infinite one.
     */
    static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double largest = 0;
        for (int i = 0; i < n; i++) {
            largest = Math.max(largest, a[i][i]);
        }
        double tiny = 1e-12 * largest;
        boolean[] dead = new boolean[n];
        for (int j = 0; j < n; j++) {
            double d = a[j][j];
            for (int k = 0; k < j; k++) {
                d -= a[j][k] * a[j][k];
            }
            if (d <= tiny) {
                dead[j] = true;
                a[j][j] = 1;
                for (int i = j + 1; i < n; i++) {
                    a[i][j] = 0;
                }
                continue;
            }
            double l = Math.sqrt(d);
            a[j][j] = l;
            for (int i = j + 1; i < n; i++) {
                double s = a[i][j];
                for (int k = 0; k < j; k++) {
                    s -= a[i][k] * a[j][k];
                }
                a[i][j] = s / l;
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) { // L y = b
            double s = dead[i] ? 0 : b[i];
            for (int k = 0; k < i && !dead[i]; k++) {
                s -= a[i][k] * x[k];
            }
            x[i] = s / a[i][i];
        }
        for (int i = n - 1; i >= 0; i--) { // Lᵀ x = y
            double s = x[i];
            for (int k = i + 1; k < n && !dead[i]; k++) {
                s -= a[k][i] * x[k];
            }
            x[i] = dead[i] ? 0 : s / a[i][i];
        }
        return x;
    }
}
