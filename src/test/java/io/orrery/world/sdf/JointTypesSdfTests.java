package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.IgnoredElement;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointDynamics;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.ModelSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jdom2.output.XMLOutputter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Universal, revolute2, screw and gearbox joints as libsdformat reads them (SDF 1.11's joint.sdf): {@code <axis2>},
 * the screw's pitch in both spellings, the gearbox's ratio and reference body, and what is wrong with them named at
 * its line.
 */
class JointTypesSdfTests {

    final SdfReader reader = new SdfReader(List.of());

    @TempDir
    Path dir;

    ModelSpec model(String joint) {
        return reader.readModel(
                "<model name='m'><link name='a'/><link name='b'><pose>0 0 1 0 0 1.5707963267948966"
                        + "</pose></link><link name='c'/>" + joint + "</model>",
                "snippet");
    }

    @Test
    void aUniversalJointReadsBothAxesWithTheirLimitsAndDynamics() {
        JointSpec j = model("""
                <joint name='u' type='universal'><parent>a</parent><child>b</child>
                  <axis><xyz>1 0 0</xyz><limit><lower>-0.5</lower><upper>0.7</upper></limit>
                    <dynamics><damping>0.3</damping></dynamics></axis>
                  <axis2><xyz expressed_in='__model__'>1 0 0</xyz><limit><lower>-1</lower><upper>1</upper></limit>
                    <dynamics><friction>0.2</friction></dynamics></axis2>
                </joint>""").joints().get(0);
        assertThat(j.type()).isEqualTo(JointType.UNIVERSAL);
        assertThat(j.axis()).isEqualTo(new Vec3(1, 0, 0));
        assertThat(j.limits()).isEqualTo(new JointLimits(-0.5, 0.7, -1, -1));
        assertThat(j.dynamics()).isEqualTo(new JointDynamics(0.3, 0, 0, 0));
        JointSpec.SecondAxis second = j.axis2().orElseThrow();
        // the model's X in the joint frame of b, which is yawed 90°: its -Y
        assertThat(second.xyz().x()).isCloseTo(0, within(1e-9));
        assertThat(second.xyz().y()).isCloseTo(-1, within(1e-9));
        assertThat(second.limits()).isEqualTo(new JointLimits(-1, 1, -1, -1));
        assertThat(second.dynamics()).isEqualTo(new JointDynamics(0, 0.2, 0, 0));
    }

    @Test
    void aUniversalJointWithoutAxesTakesGazebosXAndY() {
        // DART's UniversalJoint, which gz-physics builds, defaults to X then Y
        JointSpec j = model("<joint name='u' type='revolute2'><parent>a</parent><child>b</child></joint>")
                .joints()
                .get(0);
        assertThat(j.axis()).isEqualTo(new Vec3(1, 0, 0));
        assertThat(j.axis2().orElseThrow().xyz()).isEqualTo(new Vec3(0, 1, 0));
    }

    @Test
    void parallelAxesAreRefusedAtTheJoint() {
        assertThatThrownBy(() -> model("""
                <joint name='u' type='universal'><parent>a</parent><child>b</child>
                  <axis><xyz>0 0 1</xyz></axis><axis2><xyz>0 0 2</xyz></axis2></joint>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("joint 'u'")
                .hasMessageContaining("must not be parallel");
    }

    @Test
    void theScrewPitchIsScrewThreadPitchElseMinusTwoPiOverThreadPitch() {
        String screw = "<joint name='s' type='screw'><parent>a</parent><child>b</child>%s</joint>";
        assertThat(model(screw.formatted("")).joints().get(0).screwThreadPitch())
                .isEqualTo(1);
        assertThat(model(screw.formatted("<screw_thread_pitch>0.25</screw_thread_pitch>"))
                        .joints()
                        .get(0)
                        .screwThreadPitch())
                .isEqualTo(0.25);
        // gazebo-classic's rad/m, positive for a left-handed thread: -2π/t m per turn
        assertThat(model(screw.formatted("<thread_pitch>12.566370614359172</thread_pitch>"))
                        .joints()
                        .get(0)
                        .screwThreadPitch())
                .isCloseTo(-0.5, within(1e-12));
        // libsdformat's own test: both given, screw_thread_pitch wins
        assertThat(model(screw.formatted("<screw_thread_pitch>0.5</screw_thread_pitch>"
                                + "<thread_pitch>-12.566</thread_pitch>"))
                        .joints()
                        .get(0)
                        .screwThreadPitch())
                .isEqualTo(0.5);
        assertThatThrownBy(() -> model(screw.formatted("<thread_pitch>0</thread_pitch>")))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("<thread_pitch>");
    }

    @Test
    void aGearboxReadsItsRatioAndReferenceBody() {
        JointSpec g = model("""
                <joint name='g' type='gearbox'><parent>a</parent><child>b</child>
                  <gearbox_reference_body>c</gearbox_reference_body><gearbox_ratio>-3.5</gearbox_ratio>
                  <axis><xyz>0 0 1</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>""").joints().get(0);
        assertThat(g.gearboxReference()).isEqualTo("c");
        assertThat(g.gearboxRatio()).isEqualTo(-3.5);
        assertThat(g.axis2().orElseThrow().xyz()).isEqualTo(new Vec3(0, 1, 0));
        assertThatThrownBy(() -> model("<joint name='g' type='gearbox'><parent>a</parent><child>b</child></joint>"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("needs a <gearbox_reference_body>");
        assertThatThrownBy(() -> model("""
                <joint name='g' type='gearbox'><parent>a</parent><child>b</child>
                  <gearbox_reference_body>nowhere</gearbox_reference_body></joint>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("gearbox_reference_body with name[nowhere]");
    }

    @Test
    void whatAJointTypeDoesNotUseIsListedAsNotSimulated() throws Exception {
        Path file = Files.writeString(dir.resolve("w.sdf"), """
                <sdf version='1.11'><world name='w'><model name='m'><link name='a'/><link name='b'/><link name='c'/>
                  <joint name='j' type='revolute'><parent>a</parent><child>b</child>
                    <axis2><xyz>0 1 0</xyz></axis2>
                    <thread_pitch>3</thread_pitch>
                    <gearbox_ratio>2</gearbox_ratio>
                  </joint>
                  <joint name='g' type='gearbox'><parent>b</parent><child>c</child>
                    <gearbox_reference_body>a</gearbox_reference_body>
                    <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis>
                    <axis2><xyz>0 0 1</xyz><dynamics><damping>0.1</damping></dynamics></axis2>
                  </joint></model></world></sdf>""");
        WorldSpec world = reader.read(file);
        assertThat(world.ignored())
                .extracting(IgnoredElement::element)
                .containsExactly("axis2", "thread_pitch", "gearbox_ratio", "limit", "dynamics");
        // a gearbox holds no motion of its own: its axes' limits and dynamics are listed, not dropped
        assertThat(world.ignored())
                .filteredOn(i -> i.where().contains("joint 'g'"))
                .extracting(IgnoredElement::line)
                .containsExactly(9, 10);
    }

    @Test
    void theNewTypesAreWrittenBackAsTheyWereRead() {
        ModelSpec m = model("""
                <joint name='u' type='universal'><parent>a</parent><child>b</child>
                  <axis><xyz>1 0 0</xyz><limit><lower>-0.5</lower><upper>0.7</upper></limit></axis>
                  <axis2><xyz>0 1 0</xyz><dynamics><damping>0.1</damping></dynamics></axis2></joint>
                <joint name='s' type='screw'><parent>a</parent><child>c</child>
                  <thread_pitch>12.566370614359172</thread_pitch></joint>
                <joint name='g' type='gearbox'><parent>b</parent><child>c</child>
                  <gearbox_reference_body>a</gearbox_reference_body><gearbox_ratio>2</gearbox_ratio>
                  <axis><xyz>0 0 1</xyz></axis><axis2><xyz>0 0 1</xyz></axis2></joint>""");
        String written = new XMLOutputter().outputString(SpecWriter.model(m));
        ModelSpec again = reader.readModel(written, "written");
        assertThat(again.joints()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            JointSpec a = m.joints().get(i);
            JointSpec b = again.joints().get(i);
            assertThat(b.type()).isEqualTo(a.type());
            assertThat(b.limits()).isEqualTo(a.limits());
            assertThat(b.axis2().map(JointSpec.SecondAxis::dynamics))
                    .isEqualTo(a.axis2().map(JointSpec.SecondAxis::dynamics));
            assertThat(b.screwThreadPitch()).isCloseTo(a.screwThreadPitch(), within(1e-12));
            assertThat(b.gearboxRatio()).isEqualTo(a.gearboxRatio());
            assertThat(b.gearboxReference()).isEqualTo(a.gearboxReference());
        }
    }

    @Test
    void aStateGivesAUniversalJointBothAnglesAndARevoluteOne() throws Exception {
        String world = """
                <sdf version='1.11'><world name='w'><model name='m'><link name='a'/><link name='b'/>
                  <joint name='u' type='universal'><parent>a</parent><child>b</child></joint>
                  <joint name='h' type='revolute'><parent>world</parent><child>a</child></joint></model>
                  <state world_name='w'><model name='m'>
                    <joint name='u'><angle axis='0'>0.4</angle><angle axis='1'>7.5</angle></joint>%s
                  </model></state></world></sdf>""";
        Path file = Files.writeString(
                dir.resolve("state.sdf"), world.formatted("<joint name='h'><angle axis='0'>-2</angle></joint>"));
        io.orrery.world.StateSpec.Model m =
                reader.read(file).state().orElseThrow().models().get(0);
        assertThat(m.joints())
                .containsExactly(
                        new io.orrery.world.StateSpec.Joint("u", 0.4, 7.5),
                        new io.orrery.world.StateSpec.Joint("h", -2));
        Path bad = Files.writeString(
                dir.resolve("bad.sdf"), world.formatted("<joint name='h'><angle axis='1'>-2</angle></joint>"));
        assertThatThrownBy(() -> reader.read(bad))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("a revolute joint has one axis, 0");
    }
}
