package io.orrery.physics.rigid;

/**
 * Solves a tree's joint-space equations {@code H·x = b} (H symmetric positive definite, a few dozen rows at most)
 * with some unknowns held at given values: a Cholesky factorisation of the free rows, in double precision.
 */
final class JointSpace {

    private JointSpace() {
    }

    /**
     * Solves for the unknowns not {@code fixed}; fixed ones keep their value in {@code x}.
     *
     * @param h the matrix, n × n, not changed
     * @param b the right-hand side, not changed
     * @param fixed which unknowns are given
     * @param x in: the given values; out: the solution
     */
    static void solve(double[][] h, double[] b, boolean[] fixed, double[] x) {
        int n = b.length;
        int[] free = new int[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (!fixed[i]) {
                free[m++] = i;
            }
        }
        if (m == 0) {
            return;
        }
        double[][] l = new double[m][m];
        double[] y = new double[m];
        for (int r = 0; r < m; r++) {
            double rhs = b[free[r]];
            for (int c = 0; c < n; c++) {
                if (fixed[c]) {
                    rhs -= h[free[r]][c] * x[c];
                }
            }
            y[r] = rhs;
            for (int c = 0; c <= r; c++) {
                l[r][c] = h[free[r]][free[c]];
            }
        }
        for (int j = 0; j < m; j++) {
            double d = l[j][j];
            for (int k = 0; k < j; k++) {
                d -= l[j][k] * l[j][k];
            }
            // A massless degree of freedom would make H singular; the link plan refuses massless moving links.
            d = Math.sqrt(Math.max(d, 1e-300));
            l[j][j] = d;
            for (int i = j + 1; i < m; i++) {
                double s = l[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[i][k] * l[j][k];
                }
                l[i][j] = s / d;
            }
        }
        for (int i = 0; i < m; i++) {
            double s = y[i];
            for (int k = 0; k < i; k++) {
                s -= l[i][k] * y[k];
            }
            y[i] = s / l[i][i];
        }
        for (int i = m - 1; i >= 0; i--) {
            double s = y[i];
            for (int k = i + 1; k < m; k++) {
                s -= l[k][i] * y[k];
            }
            y[i] = s / l[i][i];
        }
        for (int r = 0; r < m; r++) {
            x[free[r]] = y[r];
        }
    }

    /** Row {@code i} of {@code H·x}. */
    static double row(double[][] h, double[] x, int i) {
        double s = 0;
        for (int c = 0; c < x.length; c++) {
            s += h[i][c] * x[c];
        }
        return s;
    }
}
