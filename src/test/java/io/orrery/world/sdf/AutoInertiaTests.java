package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.orrery.world.InertialSpec;
import io.orrery.world.ModelSpec;

/** {@code <inertial auto="true">}: mass, centre and the full tensor from the collisions, as libsdformat sums them. */
class AutoInertiaTests {

    InertialSpec inertial(String link) {
        ModelSpec m = new SdfReader(List.of()).readModel("<sdf version='1.11'><model name='m'>" + link
                + "</model></sdf>", "snippet");
        return m.links().get(0).inertial().orElseThrow();
    }

    @Test
    void twoBoxesSideBySideSumWithTheParallelAxisTheorem() {
        // two 1x1x1 m boxes of 1000 kg/m³ at x = ±1: 2000 kg, centre at 0;
        // ixx = 2 · 1000 (1+1)/12, iyy = izz = 2 · (1000 (1+1)/12 + 1000 · 1²)
        InertialSpec i = inertial("""
                <link name="l"><inertial auto="true"/>
                  <collision name="a"><pose>1 0 0 0 0 0</pose><geometry><box><size>1 1 1</size></box></geometry>
                  </collision>
                  <collision name="b"><pose>-1 0 0 0 0 0</pose><geometry><box><size>1 1 1</size></box></geometry>
                  </collision>
                </link>""");
        assertThat(i.mass()).isCloseTo(2000, within(1e-9));
        assertThat(i.pose().position().length()).isCloseTo(0, within(1e-12));
        var t = i.inertia().orElseThrow();
        assertThat(t.ixx()).isCloseTo(2000.0 / 6, within(1e-9));
        assertThat(t.iyy()).isCloseTo(2000.0 / 6 + 2000, within(1e-9));
        assertThat(t.izz()).isCloseTo(2000.0 / 6 + 2000, within(1e-9));
    }

    @Test
    void aTurnedCylinderHasProductsAndAGivenMassScalesIt() {
        // a 0.1 m radius, 1 m cylinder along the link's (x + z)/√2, scaled to 2 kg: about its axis a = m r²/2 = 0.01,
        // across it c = m (3 r² + l²)/12 = 2.06/12; I = c E + (a - c) n nᵀ with n = (1, 0, 1)/√2
        InertialSpec i = inertial("""
                <link name="l"><inertial auto="true"><mass>2</mass></inertial>
                  <collision name="c"><pose>0 0 0 0 0.7853981633974483 0</pose>
                    <geometry><cylinder><radius>0.1</radius><length>1</length></cylinder></geometry></collision>
                </link>""");
        var t = i.inertia().orElseThrow();
        assertThat(i.mass()).isEqualTo(2);
        double across = 2.06 / 12;
        assertThat(t.iyy()).isCloseTo(across, within(1e-12));
        assertThat(t.ixx()).isCloseTo((across + 0.01) / 2, within(1e-12));
        assertThat(t.ixz()).isCloseTo((0.01 - across) / 2, within(1e-12));
    }

    @Test
    void aConesCentreIsAQuarterUpFromItsBase() {
        InertialSpec i = inertial("""
                <link name="l"><inertial auto="true"/>
                  <collision name="c"><geometry><cone><radius>1</radius><length>2</length></cone></geometry>
                  </collision></link>""");
        assertThat(i.pose().position().z()).isCloseTo(-0.5, within(1e-12));
        assertThat(i.mass()).isCloseTo(1000 * Math.PI * 2 / 3, within(1e-9));
    }
}
