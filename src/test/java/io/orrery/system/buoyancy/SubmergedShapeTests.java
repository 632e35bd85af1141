package io.orrery.system.buoyancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Geometry;
import io.orrery.world.Vec3;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The slices graded buoyancy takes of each shape, against the integral of the shape's horizontal cross-section: the
 * volume below a plane and the height of its centre. The midpoint rule over 20,000 slices is exact for the prisms
 * and within about 1e-9 for the curved shapes, so 1e-6 is the bound.
 */
class SubmergedShapeTests {

    static final double TOL = 1e-6;

    @ParameterizedTest
    @ValueSource(doubles = {-2.0, -0.9, -0.5, -0.2, 0.0, 0.1, 0.45, 0.8, 2.0})
    void slicesMatchTheIntegralOfTheCrossSection(double d) {
        check(new Geometry.Box(new Vec3(0.4, 0.7, 1.2)), z -> Math.abs(z) <= 0.6 ? 0.28 : 0, 0.6, d);
        check(new Geometry.Cylinder(0.3, 1.4), z -> Math.abs(z) <= 0.7 ? Math.PI * 0.09 : 0, 0.7, d);
        check(new Geometry.Sphere(0.5), z -> Math.PI * Math.max(0, 0.25 - z * z), 0.5, d);
        check(
                new Geometry.Ellipsoid(new Vec3(0.5, 0.4, 0.3)),
                z -> Math.PI * 0.5 * 0.4 * Math.max(0, 1 - z * z / 0.09),
                0.3,
                d);
        check(
                new Geometry.Capsule(0.25, 1.0),
                z -> {
                    double beyond = Math.max(0, Math.abs(z) - 0.5);
                    return Math.PI * Math.max(0, 0.0625 - beyond * beyond);
                },
                0.75,
                d);
        check(
                new Geometry.Cone(0.5, 1.0),
                z -> Math.abs(z) <= 0.5 ? Math.PI * Math.pow(0.5 * (0.5 - z), 2) : 0,
                0.5,
                d);
    }

    private static void check(Geometry g, DoubleUnaryOperator area, double half, double d) {
        SubmergedShape shape = SubmergedShape.of(g).orElseThrow();
        int n = 20000;
        double top = Math.min(d, half);
        double volume = 0;
        double moment = 0;
        if (top > -half) {
            double dz = (top + half) / n;
            for (int i = 0; i < n; i++) {
                double z = -half + (i + 0.5) * dz;
                volume += area.applyAsDouble(z) * dz;
                moment += z * area.applyAsDouble(z) * dz;
            }
        }
        double[] below = shape.below(d);
        assertThat(below[0]).as("%s volume below %s", g, d).isCloseTo(volume, within(TOL));
        if (volume > 1e-9) {
            assertThat(below[1]).as("%s centre below %s", g, d).isCloseTo(moment / volume, within(TOL));
        }
        // the whole shape's volume is the slice below a plane above it
        assertThat(shape.volume()).as("%s volume", g).isCloseTo(shape.below(half + 1)[0], within(TOL));
    }
}
