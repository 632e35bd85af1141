package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * SDF's defaults for what a link's {@code <inertial>} leaves out, as Gazebo takes them (issue 23: "{@code <inertia>}
 * omitted means SDF's default"): a link with a {@code <mass>} but no {@code <inertia>} has ixx = iyy = izz =
 * 1 kg·m², and a link without {@code <inertial>} has 1 kg too. Each link turns on a hinge about Z through its centre
 * under a torque of 0.5 N·m without gravity, so after 1 s it spins at 0.5/I rad/s: 0.5 when I is SDF's 1 kg·m²
 * (both engines add the step's change in float32: n steps accumulate at most n·ε = 1000 · 1.2e-7 relative, 6e-5
 * rad/s here; 5.2e-6 seen); a link without {@code <inertial>} on a slider under 0.5 N moves at 0.5/m m/s after 1 s,
 * 0.5 when m is 1 kg.
 */
class InertiaDefaultsSimulationTests {

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aLinkWithoutInertiaHasSdfsUnitInertiaAndOneWithoutInertialOneKilogramToo(Engine engine) throws Exception {
        Path file = dir.resolve("defaults.sdf");
        Files.writeString(file, """
                <sdf version='1.11'><world name='w'><gravity>0 0 0</gravity>
                  <model name='m'>
                    <link name='massive'><inertial><mass>2</mass></inertial></link>
                    <joint name='spin' type='revolute'><parent>world</parent><child>massive</child>
                      <axis><xyz>0 0 1</xyz></axis></joint>
                    <link name='bare'><pose>2 0 0 0 0 0</pose></link>
                    <joint name='turn' type='revolute'><parent>world</parent><child>bare</child>
                      <axis><xyz>0 0 1</xyz></axis></joint>
                    <link name='slider'><pose>4 0 0 0 0 0</pose></link>
                    <joint name='slide' type='prismatic'><parent>world</parent><child>slider</child>
                      <axis><xyz>1 0 0</xyz></axis></joint>
                  </model></world></sdf>""");
        try (SimulationFixture sim = SimulationFixture.of(engine, SimulationFixture.read(file), 0.001)) {
            sim.onPreStep((w, i, t) -> {
                w.setJointForce("m", "spin", 0.5);
                w.setJointForce("m", "turn", 0.5);
                w.setJointForce("m", "slide", 0.5);
            });
            sim.step(1000);
            assertThat(sim.world().joint("m", "spin").orElseThrow().velocity())
                    .as("I of a link with <mass> only")
                    .isCloseTo(0.5, within(6e-5));
            assertThat(sim.world().joint("m", "turn").orElseThrow().velocity())
                    .as("I of a link without <inertial>")
                    .isCloseTo(0.5, within(6e-5));
            assertThat(sim.world().joint("m", "slide").orElseThrow().velocity())
                    .as("mass of a link without" + " <inertial>")
                    .isCloseTo(0.5, within(6e-5));
        }
    }
}
