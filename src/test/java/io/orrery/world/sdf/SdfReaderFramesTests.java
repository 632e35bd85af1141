package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.JointSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Frame semantics beyond the defaults: axis frames, placement and canonical links, and include edge cases. */
class SdfReaderFramesTests {

    final SdfReader reader = new SdfReader(List.of(SdfReaderTests.MODELS));

    ModelSpec model(String xml) {
        return reader.readModel(xml, "snippet");
    }

    @Test
    void sdf16AxisInTheParentModelFrameIsTurnedIntoTheJointFrame() {
        // the child link is yawed 90°: the model's X axis is the link's -Y axis
        ModelSpec m = model("""
                <sdf version="1.6"><model name="m">
                  <link name="a"/>
                  <link name="b"><pose>0 0 0 0 0 1.5707963267948966</pose></link>
                  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
                    <axis><xyz>1 0 0</xyz><use_parent_model_frame>true</use_parent_model_frame></axis>
                  </joint>
                </model></sdf>""");
        Vec3 axis = m.joints().get(0).axis();
        assertThat(axis.x()).isCloseTo(0, within(1e-9));
        assertThat(axis.y()).isCloseTo(-1, within(1e-9));
        assertThat(axis.z()).isCloseTo(0, within(1e-9));
    }

    @Test
    void axisExpressedInTheModelFrameIsTurnedIntoTheJointFrame() {
        ModelSpec m = model("""
                <model name="m">
                  <link name="a"/>
                  <link name="b"><pose>0 0 0 0 0 1.5707963267948966</pose></link>
                  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
                    <axis><xyz expressed_in="__model__">0 1 0</xyz></axis>
                  </joint>
                </model>""");
        Vec3 axis = m.joints().get(0).axis();
        assertThat(axis.x()).isCloseTo(1, within(1e-9));
        assertThat(axis.y()).isCloseTo(0, within(1e-9));
    }

    @Test
    void axisExpressedInAFrameIsTurnedIntoTheJointFrame() {
        // f is yawed 90° in the model, the joint frame is the model frame: f's X axis is the model's Y axis
        ModelSpec m = model("""
                <model name="m"><link name="a"/><link name="b"/>
                  <frame name="f"><pose>0 0 0 0 0 1.5707963267948966</pose></frame>
                  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
                    <axis><xyz expressed_in="f">1 0 0</xyz></axis>
                  </joint>
                </model>""");
        Vec3 axis = m.joints().get(0).axis();
        assertThat(axis.x()).isCloseTo(0, within(1e-9));
        assertThat(axis.y()).isCloseTo(1, within(1e-9));
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"/><link name="b"/>
                  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
                    <axis><xyz expressed_in="nowhere">0 1 0</xyz></axis>
                  </joint>
                </model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("expressed_in name[nowhere] specified by joint axis of joint with name[j]");
    }

    @Test
    void jointToANestedModelUsesItsCanonicalLink() {
        ModelSpec m = model("""
                <model name="m"><link name="a"/>
                  <model name="arm"><link name="first"/><link name="second"/></model>
                  <joint name="j" type="fixed"><parent>a</parent><child>arm</child></joint>
                </model>""");
        JointSpec joint = m.joints().get(0);
        assertThat(joint.child()).isEqualTo("arm::first");
    }

    @Test
    void canonicalLinkAttributeMovesThatLinkFirst() {
        ModelSpec m = model("<model name='m' canonical_link='b'><link name='a'/><link name='b'/></model>");
        assertThat(m.canonicalLink().orElseThrow().name()).isEqualTo("b");
        assertThatThrownBy(() -> model("<model name='m' canonical_link='zz'><link name='a'/></model>"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("canonical_link with name[zz] not found in model with name[m].");
    }

    @Test
    void placementFramePutsTheNamedLinkAtThePose() {
        ModelSpec m = model("""
                <model name="m" placement_frame="foot">
                  <pose>5 0 0 0 0 0</pose>
                  <link name="body"/>
                  <link name="foot"><pose>0 0 -1 0 0 0</pose></link>
                </model>""");
        Pose foot = m.pose().compose(m.links().get(1).pose());
        assertThat(foot.position()).isEqualTo(new Vec3(5, 0, 0));
        assertThat(m.pose().z()).isEqualTo(1);
    }

    @Test
    void everySdfJointTypeIsReadAndAnUnknownOneRefused() {
        ModelSpec m = model("""
                <model name="m"><link name="a"/><link name="b"/>
                  <joint name="u" type="revolute2"><parent>a</parent><child>b</child>
                    <axis2><xyz>0 1 0</xyz></axis2></joint>
                </model>""");
        assertThat(m.joints()).extracting(JointSpec::type).containsExactly(JointSpec.JointType.REVOLUTE2);
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"/><link name="b"/>
                  <joint name="u" type="hinge"><parent>a</parent><child>b</child></joint>
                </model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("unknown joint type 'hinge'");
    }

    @Test
    void limitsMustBeOrdered() {
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"/><link name="b"/>
                  <joint name="j" type="prismatic"><parent>a</parent><child>b</child>
                    <axis><limit><lower>1</lower><upper>-1</upper></limit></axis></joint>
                </model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("must not exceed <upper>");
    }

    @Test
    void pluginNeedsNameAndFilename() {
        assertThatThrownBy(() -> model("<model name='m'><plugin name='p'/></model>"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("<plugin> needs a filename attribute");
    }

    @Test
    void includesResolveRelativePathsAndRefuseCycles(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("part.sdf"), """
                <sdf version="1.9"><model name="part"><link name="l"/></model></sdf>""");
        Files.writeString(dir.resolve("loop.sdf"), """
                <sdf version="1.9"><model name="loop"><include><uri>loop.sdf</uri></include></model></sdf>""");
        Files.writeString(
                dir.resolve("world.sdf"), """
                <sdf version="1.9"><world name="w">
                  <include><uri>part.sdf</uri></include>
                  <include><uri>file://%s</uri><name>again</name></include>
                </world></sdf>""".formatted(dir.resolve("part.sdf").toAbsolutePath()));
        var world = reader.read(dir.resolve("world.sdf"));
        assertThat(world.models()).extracting(ModelSpec::name).containsExactly("part", "again");
        assertThat(world.models().get(0).includeUri()).hasValue("part.sdf");

        Files.writeString(dir.resolve("cycle.sdf"), """
                <sdf version="1.9"><world name="w"><include><uri>loop.sdf</uri></include></world></sdf>""");
        assertThatThrownBy(() -> reader.read(dir.resolve("cycle.sdf")))
                .isInstanceOfSatisfying(
                        SdfException.class, e -> assertThat(e.file()).endsWith("loop.sdf"))
                .hasMessageContaining("include cycle");
    }

    @Test
    void errorsInAnIncludedFileNameThatFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("broken.sdf"), """
                <sdf version="1.9">
                  <model name="broken"><link name="l"><inertial><mass>-2</mass></inertial></link></model>
                </sdf>""");
        Files.writeString(dir.resolve("world.sdf"), """
                <sdf version="1.9"><world name="w"><include><uri>broken.sdf</uri></include></world></sdf>""");
        assertThatThrownBy(() -> reader.read(dir.resolve("world.sdf")))
                .isInstanceOfSatisfying(SdfException.class, e -> {
                    assertThat(e.file()).endsWith("broken.sdf");
                    assertThat(e.line()).isEqualTo(2);
                })
                .hasMessageContaining("<mass> must be a positive number");
    }

    @Test
    void remoteIncludeInsideAModelIsRefusedToo() {
        assertThatThrownBy(() -> model("""
                <model name="m"><include><uri>http://example.invalid/models/x</uri></include></model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("http://example.invalid/models/x")
                .hasMessageContaining("not fetched");
    }
}
