package io.orrery.system.windeffects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** WindEffects' scaling field evaluated as gz-math does, on sea_storm_effects.sdf's pieces. */
class ScalingFieldTests {

    static SdfElement e(String name, String text, SdfElement... children) {
        return new SdfElement(name, Map.of(), text, List.of(children));
    }

    static SdfElement when(Map<String, String> bounds, String text, SdfElement... children) {
        return new SdfElement("when", bounds, text, List.of(children));
    }

    static ScalingField read(SdfElement e) {
        return ScalingField.read(e, IllegalArgumentException::new);
    }

    @Test
    void aBareNumberScalesByItsSquareAsGazeboBuildsIt() {
        ScalingField f = read(e("force_approximation_scaling_factor", "0.5"));
        assertThat(f.at(new Vec3(3, -2, 7))).isCloseTo(0.25, within(1e-15));
        assertThat(ScalingField.one().at(Vec3.ZERO)).isEqualTo(1.0);
    }

    @Test
    void theSeaStormsPiecesAsItsWorldGivesThem() {
        ScalingField f = read(e(
                "force_approximation_scaling_factor",
                "",
                when(Map.of("zgt", "0", "zlt", "5"), "0.2"),
                when(
                        Map.of("zge", "5"),
                        "",
                        e("k", "0.5"),
                        e("px", "0 0.01 0 0"),
                        e("qy", "0 0.01 0 0"),
                        e("rz", "0 0 0.01 0.45"))));
        assertThat(f.at(new Vec3(0, 0, -4))).isNaN(); // below the sea: no piece
        assertThat(f.at(new Vec3(0, 0, 0))).isNaN(); // zgt is open
        assertThat(f.at(new Vec3(0, 0, 2))).isCloseTo(0.04, within(1e-15));
        // 0.5 (0.01 x² + 0.01 y² + 0.01 z + 0.45) at (10, 0, 5)
        assertThat(f.at(new Vec3(10, 0, 5))).isCloseTo(0.5 * (1.0 + 0.05 + 0.45), within(1e-12));
        assertThat(f.minimum()).isCloseTo(0.04, within(1e-15));
    }

    @Test
    void aNegativeFieldHasANegativeMinimumAndBadBoundsAreRefused() {
        assertThat(read(e("f", "", e("rz", "0 0 1 0"))).minimum()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThatThrownBy(() -> read(e("f", "", when(Map.of("xge", "0", "xgt", "1"), "1"))))
                .hasMessageContaining("'xge' and 'xgt' exclude each other");
        assertThatThrownBy(() -> read(e("f", "", e("px", "1 2 3"))))
                .hasMessageContaining("<px> must be four coefficients");
    }
}
