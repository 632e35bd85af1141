package io.orrery.system.logicalaudio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * gz-sim's {@code LogicalAudio_TEST.cc} (Detect, ComputeVolume) re-expressed: its sources sit at the origin and its
 * targets at the positions below (orientations never matter), its expectations {@code EXPECT_DOUBLE_EQ}, here within
 * 1e-12 (a few ulps of the values).
 */
class AttenuationTests {

    static final double ULPS = 1e-12;

    static double at(boolean playing, double volume, double inner, double falloff, double x, double y, double z) {
        return Attenuation.volume(playing, volume, inner, falloff, Math.sqrt(x * x + y * y + z * z));
    }

    @Test
    void detect() {
        assertThat(Attenuation.heard(1.0, 0.0)).isTrue();
        assertThat(Attenuation.heard(0.1, 0.0)).isTrue();
        assertThat(Attenuation.heard(0.7, 0.5)).isTrue();
        assertThat(Attenuation.heard(1.0, 1.0)).isTrue();
        assertThat(Attenuation.heard(0.2, 0.5)).isFalse();
        assertThat(Attenuation.heard(0.7, 0.9)).isFalse();
        assertThat(Attenuation.heard(0.9, 1.0)).isFalse();
        assertThat(Attenuation.heard(0.0, 0.0)).isFalse();
        assertThat(Attenuation.heard(0.0, 0.5)).isFalse();
        assertThat(Attenuation.heard(0.0, 1.0)).isFalse();
    }

    @Test
    void computeVolume() {
        // inside and at the inner radius: the emission volume
        assertThat(at(true, 1.0, 1.0, 5.0, 0, 0, 0)).isCloseTo(1.0, within(ULPS));
        assertThat(at(true, 1.0, 1.0, 5.0, 0.5, 0.5, 0.5)).isCloseTo(1.0, within(ULPS));
        assertThat(at(true, 0.3, 4.0, 5.0, 0.0, 2.0, 0.5)).isCloseTo(0.3, within(ULPS));
        assertThat(at(true, 1.0, 1.0, 5.0, 1.0, 0, 0)).isCloseTo(1.0, within(ULPS));
        assertThat(at(true, 0.6, 10.0, 25.0, 0, 0, 10.0)).isCloseTo(0.6, within(ULPS));
        // between the inner radius and the falloff distance: linear
        assertThat(at(true, 1.0, 1.0, 11.0, 6.0, 0, 0)).isCloseTo(0.5, within(ULPS));
        assertThat(at(true, 1.0, 1.0, 11.0, 10.0, 0, 0)).isCloseTo(0.1, within(ULPS));
        assertThat(at(true, 1.0, 0.0, 10.0, 5.0, 0, 0)).isCloseTo(0.5, within(ULPS));
        assertThat(at(true, 1.0, 0.0, 10.0, 0, 2.5, 0)).isCloseTo(0.75, within(ULPS));
        assertThat(at(true, 0.5, 0.0, 10.0, 0, 0, 7.5)).isCloseTo(0.125, within(ULPS));
        // at and past the falloff distance: 0
        assertThat(at(true, 1.0, 0.0, 10.0, 10.0, 0, 0)).isZero();
        assertThat(at(true, 0.3, 2.0, 5.0, 3.0, 4.0, 0)).isZero();
        assertThat(at(true, 1.0, 5.0, 10.0, 10.0, 10.0, 10.0)).isZero();
        assertThat(at(true, 0.4, 5.0, 8.0, 210.0, 15.0, 0)).isZero();
        // a source that is not playing is silent
        assertThat(at(false, 1.0, 1.0, 5.0, 0, 0, 0)).isZero();
    }
}
