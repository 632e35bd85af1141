package io.orrery.world.mesh;

/**
 * The mass properties of the solid a closed, consistently wound triangle mesh encloses, at density 1 (kg/m³): its
 * volume, centre of mass and inertia tensor about the centre of mass in the mesh frame. Computed exactly by summing
 * the signed tetrahedra each triangle makes with the origin (the divergence theorem), as for
 * {@code <inertial auto="true">}; a mesh that is open or wound inside out gives a wrong or negative volume.
 *
 * @param volume m³ (negative when the triangles are wound clockwise seen from outside)
 * @param centre x, y, z of the centre of mass
 * @param inertia the 3×3 inertia tensor about the centre of mass, row by row (kg·m² at density 1)
 */
public record MassProperties(double volume, double[] centre, double[] inertia) {

    public MassProperties {
        centre = centre.clone();
        inertia = inertia.clone();
    }

    @Override
    public double[] centre() {
        return centre.clone();
    }

    @Override
    public double[] inertia() {
        return inertia.clone();
    }

    /** The inertia tensor for a body of {@code mass} kg of this shape, uniformly dense, row by row. */
    public double[] inertiaForMass(double mass) {
        double[] scaled = inertia.clone();
        for (int i = 0; i < 9; i++) {
            scaled[i] *= mass / volume;
        }
        return scaled;
    }

    static MassProperties of(TriangleMesh mesh) {
        double volume = 0;
        double[] first = new double[3];
        // second moments ∫x_i x_j dV about the origin
        double[] second = new double[9];
        double[][] v = new double[3][3];
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int vertex = mesh.index(t, c);
                for (int k = 0; k < 3; k++) {
                    v[c][k] = mesh.coordinate(vertex, k);
                }
            }
            double det = v[0][0] * (v[1][1] * v[2][2] - v[1][2] * v[2][1])
                    - v[0][1] * (v[1][0] * v[2][2] - v[1][2] * v[2][0])
                    + v[0][2] * (v[1][0] * v[2][1] - v[1][1] * v[2][0]);
            volume += det / 6;
            for (int k = 0; k < 3; k++) {
                first[k] += det / 24 * (v[0][k] + v[1][k] + v[2][k]);
            }
            // the tetrahedron (0, a, b, c): ∫x_i x_j = det/120 (Σ_a a_i a_j + (Σ a_i)(Σ a_j))
            for (int i = 0; i < 3; i++) {
                double si = v[0][i] + v[1][i] + v[2][i];
                for (int j = 0; j < 3; j++) {
                    double sj = v[0][j] + v[1][j] + v[2][j];
                    double products = v[0][i] * v[0][j] + v[1][i] * v[1][j] + v[2][i] * v[2][j];
                    second[i * 3 + j] += det / 120 * (products + si * sj);
                }
            }
        }
        double[] centre = new double[3];
        if (volume != 0) {
            for (int k = 0; k < 3; k++) {
                centre[k] = first[k] / volume;
            }
        }
        // moved to the centre of mass, then I = tr(C)·E − C
        double[] c = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                c[i * 3 + j] = second[i * 3 + j] - volume * centre[i] * centre[j];
            }
        }
        double trace = c[0] + c[4] + c[8];
        double[] inertia = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                inertia[i * 3 + j] = (i == j ? trace : 0) - c[i * 3 + j];
            }
        }
        return new MassProperties(volume, centre, inertia);
    }
}
