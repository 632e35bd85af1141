package io.orrery.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.render.CameraLens.Fun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The lens maths: SDF's named lenses are the textbook projections, scaled to the field of view, and invertible. */
class CameraLensTests {

    /** Exact up to rounding: a few units in the last place of numbers near 1. */
    private static final double EXACT = 1e-12;

    private static CameraLens lens(String type, boolean scale, double hfov) {
        return CameraLens.of(type, 1, 1, 0, 1, Fun.TAN, scale, Math.PI / 2, hfov, 256);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.05, 0.4, 0.9, 1.3})
    void theNamedLensesAreTheTextbookProjections(double theta) {
        // f = 1 (no scaling): r = f·tan θ, 2f·tan(θ/2), f·θ, 2f·sin(θ/2), f·sin θ
        assertThat(lens("gnomonical", false, 1).radius(theta)).isCloseTo(Math.tan(theta), within(EXACT));
        assertThat(lens("gnomonic", false, 1).radius(theta)).isCloseTo(Math.tan(theta), within(EXACT));
        assertThat(lens("stereographic", false, 1).radius(theta)).isCloseTo(2 * Math.tan(theta / 2), within(EXACT));
        assertThat(lens("equidistant", false, 1).radius(theta)).isCloseTo(theta, within(EXACT));
        assertThat(lens("equisolid_angle", false, 1).radius(theta)).isCloseTo(2 * Math.sin(theta / 2), within(EXACT));
        assertThat(lens("orthographic", false, 1).radius(theta)).isCloseTo(Math.sin(theta), within(EXACT));
    }

    @ParameterizedTest
    @ValueSource(strings = {"gnomonical", "stereographic", "equidistant", "equisolid_angle", "orthographic"})
    void scaledToTheFieldOfViewItsHalfLandsOnTheImagesEdgeAndTheMappingInverts(String type) {
        double hfov = 2.0;
        CameraLens l = lens(type, true, hfov);
        assertThat(l.radius(hfov / 2)).isCloseTo(1, within(EXACT));
        for (double theta = 0.05; theta < 1; theta += 0.1) {
            assertThat(l.angle(l.radius(theta))).isCloseTo(theta, within(EXACT));
        }
    }

    @Test
    void gzSensorsBuiltinCustomLensAsGzRenderingScalesIt() {
        // wide_angle_camera_sensor_builtin.sdf: c1 1.05, c2 4, f 1, tan, hfov 3.05, cutoff 3.1415
        CameraLens l = CameraLens.of("custom", 1.05, 4, 0, 1, Fun.TAN, true, 3.1415, 3.05, 512);
        double f = 1 / (1.05 * Math.tan(3.05 / 2 / 4));
        assertThat(l.focalLength()).isCloseTo(f, within(EXACT));
        assertThat(l.cutRadius()).isCloseTo(1.05 * f * Math.tan(3.1415 / 4), within(EXACT));
        assertThat(l.radius(0.3)).isCloseTo(1.05 * f * Math.tan(0.3 / 4), within(EXACT));
    }

    @Test
    void anOrthographicLensReachesNoFurtherThanItsFocalLength() {
        CameraLens l = lens("orthographic", false, 1);
        assertThat(l.angle(1.01)).isNaN();
    }

    @Test
    void badLensesAreRefusedNamingWhatIsAllowed() {
        assertThatThrownBy(() -> lens("fisheye", true, 1))
                .hasMessage("<lens><type> must be one of gnomonical, stereographic, equidistant, equisolid_angle,"
                        + " orthographic, custom, got 'fisheye'");
        assertThatThrownBy(() -> Fun.named("cos")).hasMessageContaining("must be sin, tan or id, got 'cos'");
        assertThatThrownBy(() -> CameraLens.of("equidistant", 1, 1, 0, 1, Fun.ID, true, 1, 1, 2049))
                .hasMessageContaining("must be from 1 to 2048 pixels, got 2049");
        assertThatThrownBy(() -> lens("equidistant", true, 0)).hasMessageContaining("above 0 and at most 2π");
        assertThatThrownBy(() -> CameraLens.of("custom", 1, 0, 0, 1, Fun.ID, true, 1, 1, 64))
                .hasMessageContaining("c1 and c2 must not be 0");
        // tan(π/2) has no finite inverse scale: a gnomonical lens cannot see a half-space
        assertThatThrownBy(() -> lens("gnomonical", true, 4)).hasMessageContaining("cannot map a field of view");
    }
}
