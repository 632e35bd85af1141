package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SDF 1.7+ frame semantics as libsdformat resolves them: {@code relative_to} naming links, joints, frames and nested
 * models, {@code <frame>} with {@code attached_to}, joint frames as URDF exports write them, and libsdformat's errors
 * for names that match nothing and for cycles. Expected poses are worked out by hand in each test.
 */
class FrameSemanticsTests {

    static final double HALF_PI = Math.PI / 2;

    final SdfReader reader = new SdfReader(List.of());

    ModelSpec model(String xml) {
        return reader.readModel("<sdf version='1.9'>" + xml + "</sdf>", "snippet");
    }

    static LinkSpec link(ModelSpec m, String name) {
        return m.links().stream().filter(l -> l.name().equals(name)).findFirst().orElseThrow();
    }

    static void assertPose(Pose actual, Pose expected) {
        assertThat(actual.position().minus(expected.position()).length())
                .as("position of " + actual)
                .isLessThan(1e-12);
        // angleTo's acos near 1 resolves angles only to about 2e-8 rad
        assertThat(actual.rotation().angleTo(expected.rotation()))
                .as("rotation of " + actual)
                .isLessThan(1e-7);
    }

    @Test
    void aUrdfExportChainsLinksThroughTheirJointFrames() {
        // as every URDF-to-SDF conversion writes it: joint relative to the parent link, child link relative to the
        // joint. j1 lifts 1 m and turns the frame 90° about X; j2 sits 0.5 m along that turned frame's Y axis.
        ModelSpec m = model("""
                <model name="arm">
                  <link name="base"/>
                  <joint name="j1" type="revolute">
                    <pose relative_to="base">0 0 1 1.5707963267948966 0 0</pose>
                    <parent>base</parent><child>upper</child><axis><xyz>0 0 1</xyz></axis>
                  </joint>
                  <link name="upper"><pose relative_to="j1">0 0 0 0 0 0</pose></link>
                  <joint name="j2" type="revolute">
                    <pose relative_to="upper">0 0.5 0 0 0 0</pose>
                    <parent>upper</parent><child>lower</child><axis><xyz>0 0 1</xyz></axis>
                  </joint>
                  <link name="lower"><pose relative_to="j2">0 0 0 0 0 0</pose></link>
                </model>""");
        Quat turned = Quat.fromEuler(HALF_PI, 0, 0);
        assertPose(link(m, "upper").pose(), new Pose(new Vec3(0, 0, 1), turned));
        // the turned frame's Y axis is the model's Z axis
        assertPose(link(m, "lower").pose(), new Pose(new Vec3(0, 0, 1.5), turned));
        // each joint sits at its child link's origin, and the axis (Z of the joint frame) is the model's -Y
        for (JointSpec joint : m.joints()) {
            assertPose(joint.pose(), Pose.IDENTITY);
            Vec3 inModel = link(m, joint.child()).pose().rotation().rotate(joint.axis());
            assertThat(inModel.y()).isCloseTo(-1, within(1e-12));
        }
    }

    @Test
    void framesAttachToLinksAndPlaceCollisionsAndJoints() {
        // mount is 1 m along the base link's X; the sensor frame 0.25 m above mount; the collision and the joint
        // are placed by naming them
        ModelSpec m = model("""
                <model name="m">
                  <link name="base"><pose>2 0 0 0 0 0</pose></link>
                  <frame name="mount" attached_to="base"><pose>1 0 0 0 0 1.5707963267948966</pose></frame>
                  <frame name="sensor" attached_to="mount"><pose>0 0 0.25 0 0 0</pose></frame>
                  <link name="head">
                    <pose relative_to="sensor"/>
                    <collision name="c"><pose relative_to="mount">1 0 0 0 0 0</pose>
                      <geometry><sphere><radius>0.1</radius></sphere></geometry></collision>
                  </link>
                  <joint name="j" type="revolute"><pose relative_to="mount"/>
                    <parent>mount</parent><child>head</child></joint>
                </model>""");
        Quat yawed = Quat.fromEuler(0, 0, HALF_PI);
        // mount at (3, 0, 0) in the model: relative to the base link, which is relative to the model
        assertPose(link(m, "head").pose(), new Pose(new Vec3(3, 0, 0.25), yawed));
        // 1 m along mount's X (the model's Y), then into the head's frame (0.25 m above mount)
        assertPose(link(m, "head").collisions().get(0).pose(), Pose.translation(1, 0, -0.25));
        JointSpec joint = m.joints().get(0);
        assertThat(joint.parent()).as("mount is attached to the base link").isEqualTo("base");
        assertPose(joint.pose(), Pose.translation(0, 0, -0.25));
    }

    @Test
    void nestedModelsFramesAreInScopeWithTheirScopedNames() {
        ModelSpec m = model("""
                <model name="m">
                  <link name="body"/>
                  <model name="hand">
                    <pose relative_to="body">0 0 1 0 0 0</pose>
                    <link name="palm"><pose>0.5 0 0 0 0 0</pose></link>
                    <frame name="tip" attached_to="palm"><pose relative_to="palm">0.1 0 0 0 0 0</pose></frame>
                  </model>
                  <link name="tool"><pose relative_to="hand::tip">0 0 0.2 0 0 0</pose></link>
                  <joint name="grip" type="fixed"><parent>hand::tip</parent><child>tool</child></joint>
                </model>""");
        assertPose(link(m, "tool").pose(), Pose.translation(0.6, 0, 1.2));
        assertThat(m.models().get(0).pose()).isEqualTo(Pose.translation(0, 0, 1));
        assertThat(m.joints().get(0).parent()).isEqualTo("hand::palm");
    }

    @Test
    void aJointNamesFramesForParentAndChildAndTheirLinksAreUsed() {
        ModelSpec m = model("""
                <model name="m">
                  <link name="a"/><link name="b"><pose>0 0 3 0 0 0</pose></link>
                  <frame name="fb" attached_to="b"><pose>0 1 0 0 0 0</pose></frame>
                  <joint name="j" type="prismatic"><parent>__model__</parent><child>fb</child>
                    <axis><xyz expressed_in="__model__">1 0 0</xyz></axis></joint>
                </model>""");
        JointSpec joint = m.joints().get(0);
        assertThat(joint.parent())
                .as("__model__ is attached to the canonical link")
                .isEqualTo("a");
        assertThat(joint.child()).isEqualTo("b");
        // the joint frame is relative to its child frame fb by default
        assertPose(joint.pose(), Pose.translation(0, 1, 0));
    }

    @Test
    void worldFramesAndOtherModelsPlaceModels() {
        var world = reader.read(
                java.nio.file.Path.of("in-memory.sdf"), """
                <sdf version="1.9"><world name="w">
                  <frame name="table"><pose>1 2 0.75 0 0 1.5707963267948966</pose></frame>
                  <model name="cup"><pose relative_to="table">0.5 0 0 0 0 0</pose><link name="l"/></model>
                  <model name="saucer"><pose relative_to="cup::l">0 0 -0.01 0 0 0</pose><link name="l"/></model>
                </world></sdf>""".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Quat yawed = Quat.fromEuler(0, 0, HALF_PI);
        assertPose(world.model("cup").orElseThrow().pose(), new Pose(new Vec3(1, 2.5, 0.75), yawed));
        assertPose(world.model("saucer").orElseThrow().pose(), new Pose(new Vec3(1, 2.5, 0.74), yawed));
    }

    @Test
    void aPlacementFrameCanBeAnyFrameOfTheModel() {
        ModelSpec m = model("""
                <model name="m" placement_frame="bottom">
                  <pose>5 0 0 0 0 0</pose>
                  <link name="body"/>
                  <frame name="bottom" attached_to="body"><pose>0 0 -0.5 0 0 0</pose></frame>
                </model>""");
        assertThat(m.pose().position()).isEqualTo(new Vec3(5, 0, 0.5));
    }

    @Test
    void aNameThatMatchesNoFrameIsLibsdformatsError() {
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"><pose relative_to="ghost"/></link></model>"""))
                .isInstanceOfSatisfying(
                        SdfException.class, e -> assertThat(e.line()).isEqualTo(1))
                .hasMessageContaining("relative_to name[ghost] specified by link with name[a] does not match a"
                        + " nested model, link, joint, or frame name in model with name[m].");
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"/><frame name="f" attached_to="ghost"/></model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("attached_to name[ghost] specified by frame"
                        + " with name[f] does not match a nested model, link, joint, or frame name in model with"
                        + " name[m].");
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"><pose relative_to="a"/></link></model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("relative_to name[a] is identical to link"
                        + " name[a], causing a graph cycle in model with name[m].");
    }

    @Test
    void cyclesAreLibsdformatsErrors() {
        // the joint's frame defaults to its child link, whose pose names the joint
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"/>
                  <link name="b"><pose relative_to="j"/></link>
                  <joint name="j" type="fixed"><parent>a</parent><child>b</child></joint>
                </model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("PoseRelativeToGraph cycle detected, already visited vertex [m::");
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"/>
                  <frame name="f1" attached_to="f2"><pose relative_to="__model__"/></frame>
                  <frame name="f2" attached_to="f1"><pose relative_to="__model__"/></frame>
                </model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("FrameAttachedToGraph cycle detected, already visited vertex [m::");
    }

    @Test
    void namesAreUniqueAcrossKindsAndReservedNamesAreRefused() {
        assertThatThrownBy(() -> model("""
                <model name="m"><link name="a"/><frame name="a"/></model>"""))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("Frame with non-unique name [a] detected in model with name[m]");
        assertThatThrownBy(() -> model("<model name='m'><link name='__model__'/></model>"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("The supplied link name [__model__] is" + " reserved.");
        // SDF 1.6 had no frames: a joint named as a link is allowed there, as libsdformat reads it
        ModelSpec old = reader.readModel("""
                <sdf version="1.6"><model name="m"><link name="a"/><link name="b"/>
                  <joint name="b" type="fixed"><parent>a</parent><child>b</child></joint></model></sdf>""", "s");
        assertThat(old.joints()).hasSize(1);
    }

    @Test
    void aSpawnedModelMayNameOnlyTheWorldFrame() {
        assertThatThrownBy(() -> model("<model name='m'><pose relative_to='table'/><link name='a'/></model>"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("relative_to name[table]")
                .hasMessageContaining("a spawned model's pose is in the world frame");
        assertThat(model("<model name='m'><pose relative_to='world'>1 0 0 0 0 0</pose><link name='a'/></model>")
                        .pose())
                .isEqualTo(Pose.translation(1, 0, 0));
    }
}
