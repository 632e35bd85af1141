package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * sdformat's merge-include ({@code <include merge="true">}) over a PX4-style airframe (models/px4: x500 merges
 * x500_base): the merged links, joints and plugins join the including model under their own names, placed by the
 * include's pose (else the merged model's own), and the model's own plugins name the merged joints unscoped.
 */
class MergeIncludeTests {

    // poses are composed from the file's decimal numbers: 1e-12 is rounding, not physics
    private static final double EXACT = 1e-12;
    private static final Path PX4 = Path.of("src/test/resources/models/px4");

    private static SdfReader reader() {
        if (!Files.isDirectory(PX4.resolve("x500_base"))) {
            throw new AssertionError("missing test models under " + PX4.toAbsolutePath());
        }
        return new SdfReader(List.of(PX4));
    }

    private static LinkSpec link(ModelSpec model, String name) {
        return model.links().stream()
                .filter(l -> l.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no link " + name + " in " + model.links()));
    }

    @Test
    void px4AirframeLoadsWithTheBaseMergedUnderItsOwnNames() {
        ModelSpec x500 = reader().readModel("<include><uri>model://x500</uri></include>", "spawn request");

        assertThat(x500.name()).isEqualTo("x500");
        assertThat(x500.models()).as("merged, not nested").isEmpty();
        assertThat(x500.links())
                .extracting(LinkSpec::name)
                .containsExactly("base_link", "rotor_0", "rotor_1", "rotor_2", "rotor_3");
        assertThat(x500.joints())
                .extracting(JointSpec::name)
                .containsExactly("rotor_0_joint", "rotor_1_joint", "rotor_2_joint", "rotor_3_joint");
        assertThat(x500.joints()).allSatisfy(j -> assertThat(j.parent()).isEqualTo("base_link"));
        assertThat(x500.plugins())
                .extracting(PluginSpec::name)
                .containsExactly(
                        "gz::sim::systems::MulticopterMotorModel",
                        "gz::sim::systems::MulticopterMotorModel",
                        "gz::sim::systems::MulticopterMotorModel",
                        "gz::sim::systems::MulticopterMotorModel",
                        "gz::sim::systems::JointStatePublisher");
        // x500_base's own pose (0 0 0.24) places the merged frame: the links keep their place in it
        assertThat(link(x500, "base_link").pose().z()).isCloseTo(0.24, within(EXACT));
        LinkSpec rotor = link(x500, "rotor_0");
        assertThat(rotor.pose().x()).isCloseTo(0.174, within(EXACT));
        assertThat(rotor.pose().y()).isCloseTo(-0.174, within(EXACT));
        assertThat(rotor.pose().z()).isCloseTo(0.30, within(EXACT));
        assertThat(link(x500, "base_link").sensors()).hasSize(1);
    }

    @Test
    void theIncludesPoseAndNamePlaceTheMergedModelAndItsFrame() {
        ModelSpec model = reader().readModel("""
                <model name="carrier">
                  <include merge="true">
                    <uri>model://x500_base</uri>
                    <name>airframe</name>
                    <pose>1 0 0 0 0 1.5707963267948966</pose>
                  </include>
                  <frame name="nose" attached_to="_merged__airframe__model__">
                    <pose>0.5 0 0 0 0 0</pose>
                  </frame>
                  <link name="payload">
                    <pose relative_to="nose">0 0 -0.1 0 0 0</pose>
                  </link>
                  <joint name="mount" type="fixed">
                    <parent>base_link</parent>
                    <child>payload</child>
                  </joint>
                </model>""", "spawn request");

        // rotor_0 at (0.174, -0.174, 0.06) in the merged frame, turned a quarter about z and moved 1 along x
        LinkSpec rotor = link(model, "rotor_0");
        assertThat(rotor.pose().x()).isCloseTo(1.174, within(EXACT));
        assertThat(rotor.pose().y()).isCloseTo(0.174, within(EXACT));
        assertThat(rotor.pose().z()).isCloseTo(0.06, within(EXACT));
        assertThat(rotor.pose().yaw()).isCloseTo(Math.PI / 2, within(EXACT));
        // the proxy frame is a frame of the parent like any other: 0.5 along its turned x is +y
        LinkSpec payload = link(model, "payload");
        assertThat(payload.pose().x()).isCloseTo(1.0, within(EXACT));
        assertThat(payload.pose().y()).isCloseTo(0.5, within(EXACT));
        assertThat(payload.pose().z()).isCloseTo(-0.1, within(EXACT));
        // the axes were given in the merged model's frame: a turn about z leaves z
        JointSpec joint = model.joints().get(0);
        assertThat(joint.axis().z()).isCloseTo(1.0, within(EXACT));
    }

    @Test
    void mergingTheSameLinksTwiceIsANameClash() {
        assertThatThrownBy(() -> reader().readModel("""
                        <model name="twice">
                          <include merge="true"><uri>model://x500_base</uri></include>
                          <include merge="true"><uri>model://x500_base</uri><name>again</name></include>
                        </model>""", "spawn request"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("base_link");
    }

    @Test
    void aMergeIntoTheWorldIsRefusedNamingWhereItGoes() {
        assertThatThrownBy(() -> reader().readModel(
                                "<include merge='true'><uri>model://x500_base</uri></include>", "spawn request"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("merges into a model");
    }
}
