package io.orrery.system.multicoptercontrol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Quat;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The controller's arithmetic on gz-sim's X3 ({@code quadcopter_velocity_control.sdf}): its airframe and rotors as
 * Gazebo reads them, the hover it asks for, and the configurations it refuses.
 */
class LeeVelocityControllerTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/quadcopter_velocity_control.sdf");
    static final double K = 8.54858e-06;

    private static ModelSpec x3() {
        WorldSpec world = new SdfReader(List.of()).read(WORLD);
        return world.models().stream()
                .filter(m -> m.name().equals("X3"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no X3 in " + WORLD));
    }

    private static PluginSpec controller(ModelSpec x3) {
        return x3.plugins().stream()
                .filter(p -> p.name().endsWith("MulticopterVelocityControl"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no MulticopterVelocityControl in X3"));
    }

    private static LinkSpec base(ModelSpec x3) {
        return x3.links().stream()
                .filter(l -> l.name().equals("base_link"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void theAirframeSumsTheLinksAsGazeboDoes() {
        Airframe airframe = Airframe.of(x3());
        // 1.5 kg body and four 5 g rotors, each inertial at its own link's origin: the inertias simply add up
        assertThat(airframe.mass()).isCloseTo(1.52, within(1e-12));
        assertThat(airframe.inertia()[0][0]).isCloseTo(0.0347563 + 4 * 9.75e-07, within(1e-12));
        assertThat(airframe.inertia()[1][1]).isCloseTo(0.07 + 4 * 4.17041e-05, within(1e-12));
        assertThat(airframe.inertia()[2][2]).isCloseTo(0.0977 + 4 * 4.26041e-05, within(1e-12));
        assertThat(airframe.inertia()[0][1]).isZero();
    }

    @Test
    void theRotorsLieWhereTheirJointsAre() {
        ModelSpec x3 = x3();
        PluginSpec spec = controller(x3);
        List<Rotor> rotors =
                Airframe.rotors(new GazeboParameters(spec, "MulticopterVelocityControl"), spec, x3, base(x3));
        assertThat(rotors).hasSize(4);
        // rotor_0 sits at (0.13, -0.22) from the body, its axis straight up, turning counterclockwise
        assertThat(rotors.get(0).armLength()).isCloseTo(Math.hypot(0.13, 0.22), within(1e-12));
        assertThat(rotors.get(0).angle()).isCloseTo(Math.atan2(-0.22, 0.13), within(1e-12));
        assertThat(rotors.get(0).forceConstant()).isCloseTo(K, within(1e-18));
        assertThat(rotors.get(0).direction()).isEqualTo(1);
        assertThat(rotors.get(3).direction()).isEqualTo(-1);
    }

    @Test
    void levelAndStillItAsksForThrustThatHoldsTheWeightAndNoTorque() {
        ModelSpec x3 = x3();
        PluginSpec spec = controller(x3);
        List<Rotor> rotors =
                Airframe.rotors(new GazeboParameters(spec, "MulticopterVelocityControl"), spec, x3, base(x3));
        Airframe airframe = Airframe.of(x3);
        Vec3 gravity = new Vec3(0, 0, -9.8);
        LeeVelocityController c = LeeVelocityController.of(
                airframe.mass(),
                airframe.inertia(),
                gravity,
                rotors,
                new Vec3(2.7, 2.7, 2.7),
                new Vec3(2, 3, 0.15),
                new Vec3(0.4, 0.52, 0.18),
                new Vec3(2, 2, 2));
        double[] speeds = c.rotorVelocities(new FrameData(Quat.IDENTITY, Vec3.ZERO, Vec3.ZERO), Vec3.ZERO, Vec3.ZERO);
        // the allocation matrix times the squared speeds: no torque about any axis, and thrust m g
        double[][] a = LeeVelocityController.allocation(rotors);
        double[] wrench = new double[4];
        for (int row = 0; row < 4; row++) {
            for (int i = 0; i < speeds.length; i++) {
                wrench[row] += a[row][i] * speeds[i] * speeds[i];
            }
        }
        assertThat(wrench[0]).isCloseTo(0, within(1e-12));
        assertThat(wrench[1]).isCloseTo(0, within(1e-12));
        assertThat(wrench[2]).isCloseTo(0, within(1e-12));
        assertThat(wrench[3]).isCloseTo(1.52 * 9.8, within(1e-9));
        // near the .cc's experimentally found hovering speed of 650
        for (double s : speeds) {
            assertThat(s).isCloseTo(Math.sqrt(1.52 * 9.8 / (4 * K)), within(5.0));
        }
    }

    @Test
    void rotorsThatCannotControlEveryAxisAreRefused() {
        // four rotors on the x axis: no torque about x, rank 3
        List<Rotor> inLine = List.of(
                new Rotor(0, 0.2, K, 0.016, 1),
                new Rotor(0, 0.1, K, 0.016, -1),
                new Rotor(Math.PI, 0.1, K, 0.016, 1),
                new Rotor(Math.PI, 0.2, K, 0.016, -1));
        assertThatThrownBy(() -> LeeVelocityController.of(
                        1,
                        new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
                        new Vec3(0, 0, -9.8),
                        inLine,
                        Vec3.ZERO,
                        Vec3.ZERO,
                        Vec3.ZERO,
                        Vec3.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rank of the rotors' allocation matrix is 3");
    }

    @Test
    void aRotorWithoutItsForceConstantIsNamed() {
        ModelSpec x3 = x3();
        PluginSpec original = controller(x3);
        List<SdfElement> params = new ArrayList<>();
        for (SdfElement e : original.parameters()) {
            if (e.name().equals("rotorConfiguration")) {
                List<SdfElement> rotors = new ArrayList<>(e.children());
                SdfElement first = rotors.get(0);
                rotors.set(
                        0,
                        new SdfElement(
                                first.name(),
                                first.attributes(),
                                first.text(),
                                first.children().stream()
                                        .filter(c -> !c.name().equals("forceConstant"))
                                        .toList()));
                e = new SdfElement(e.name(), Map.of(), e.text(), rotors);
            }
            params.add(e);
        }
        PluginSpec spec = new PluginSpec(
                original.name(),
                original.filename(),
                params,
                original.priority(),
                original.required(),
                original.line());
        assertThatThrownBy(() ->
                        Airframe.rotors(new GazeboParameters(spec, "MulticopterVelocityControl"), spec, x3, base(x3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rotor 0 of <rotorConfiguration> needs <forceConstant>")
                .hasMessageContaining("line " + original.line());
    }

    @Test
    void theInverseAndTheRankAreGaussJordansAndEigens() {
        double[][] m = {{4, 7, 2}, {3, 6, 1}, {2, 5, 3}};
        double[][] product = LeeVelocityController.times(m, LeeVelocityController.inverse(m));
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(product[i][j]).isCloseTo(i == j ? 1 : 0, within(1e-12));
            }
        }
        assertThat(LeeVelocityController.rank(m)).isEqualTo(3);
        assertThat(LeeVelocityController.rank(new double[][] {{1, 2, 3}, {2, 4, 6}, {1, 1, 1}}))
                .isEqualTo(2);
    }
}
