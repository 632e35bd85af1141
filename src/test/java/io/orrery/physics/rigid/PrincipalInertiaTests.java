package io.orrery.physics.rigid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.InertialSpec;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Jacobi's diagonalisation of a link's inertia tensor: moments and axes that rebuild it. */
class PrincipalInertiaTests {

    static Vec3 axis(Quat q, int k) {
        return q.rotate(k == 0 ? new Vec3(1, 0, 0) : k == 1 ? new Vec3(0, 1, 0) : Vec3.UNIT_Z);
    }

    @Test
    void aTurnedTensorGivesBackItsMomentsAndAxes() {
        Quat axes = Quat.fromEuler(0.3, -1.1, 2.0);
        double[] m = {0.5, 1.5, 3};
        double[][] t = new double[3][3];
        for (int k = 0; k < 3; k++) {
            Vec3 a = axis(axes, k);
            double[] v = {a.x(), a.y(), a.z()};
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    t[r][c] += m[k] * v[r] * v[c];
                }
            }
        }
        PrincipalInertia p =
                PrincipalInertia.of(new InertialSpec.Inertia(t[0][0], t[0][1], t[0][2], t[1][1], t[1][2], t[2][2]));
        double[] moments = {p.moments().x(), p.moments().y(), p.moments().z()};
        // R diag(moments) Rᵀ rebuilds the tensor to rounding
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                double sum = 0;
                for (int k = 0; k < 3; k++) {
                    Vec3 a = axis(p.rotation(), k);
                    double[] v = {a.x(), a.y(), a.z()};
                    sum += moments[k] * v[r] * v[c];
                }
                assertThat(sum).isCloseTo(t[r][c], within(1e-12));
            }
        }
        assertThat(Arrays.stream(moments).sorted().toArray())
                .containsExactly(new double[] {0.5, 1.5, 3}, within(1e-12));
    }

    @Test
    void aDiagonalTensorKeepsItsAxes() {
        PrincipalInertia p = PrincipalInertia.of(new InertialSpec.Inertia(1, 0, 0, 2, 0, 3));
        assertThat(p.moments()).isEqualTo(new Vec3(1, 2, 3));
        assertThat(p.rotation().angleTo(Quat.IDENTITY)).isLessThan(1e-7);
    }
}
