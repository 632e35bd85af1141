package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Franka Panda as panda_ign_moveit2 exports it (SDF 1.9, every pose {@code relative_to} a joint or link frame;
 * a copy of its model.sdf and collision meshes, BSD-3-Clause and Apache-2.0, in src/test/resources/models/panda with
 * its licences, included as {@code model://panda}): its link frames resolve
 * to the arm's zero configuration as Franka documents it with modified Denavit-Hartenberg parameters, which is what
 * libsdformat's pose graph gives for these poses. The DH table is an independent source: the SDF was generated from
 * a URDF, not from it.
 */
class PandaFramesTests {

    static final Path MODELS = Path.of("src/test/resources/models");
    static final Path MODEL = MODELS.resolve("panda/model.sdf");

    /** Franka's DH parameters (Craig's convention): a_{i-1}, d_i, alpha_{i-1} for joints 1 to 7 and the flange. */
    static final double[][] DH = {
        {0, 0.333, 0},
        {0, 0, -Math.PI / 2},
        {0, 0.316, Math.PI / 2},
        {0.0825, 0, Math.PI / 2},
        {-0.0825, 0.384, -Math.PI / 2},
        {0, 0, Math.PI / 2},
        {0.088, 0, Math.PI / 2},
    };

    /** The hand's fingers sit 0.107 m (the flange) plus 0.0584 m (the hand) along link 7's Z, turned by -45°. */
    static final double FINGER_OFFSET = 0.107 + 0.0584;

    ModelSpec panda() throws IOException {
        assertThat(MODEL)
                .as("the Panda's model.sdf copied into the test resources")
                .isRegularFile();
        return new SdfReader(List.of(MODELS)).readModel("<include><uri>model://panda</uri></include>", "panda include");
    }

    @Test
    void everyLinkFrameIsWhereTheDhTableSaysAtZero() throws IOException {
        ModelSpec panda = panda();
        Pose frame = Pose.IDENTITY;
        assertClose(link(panda, "panda_link0").pose(), frame);
        for (int i = 0; i < DH.length; i++) {
            double a = DH[i][0];
            double d = DH[i][1];
            double alpha = DH[i][2];
            // RotX(alpha) TransX(a) RotZ(theta = 0) TransZ(d)
            frame = frame.compose(new Pose(Vec3.ZERO, Quat.fromAxisAngle(new Vec3(1, 0, 0), alpha)))
                    .compose(Pose.translation(a, 0, d));
            assertClose(link(panda, "panda_link" + (i + 1)).pose(), frame);
        }
        // the flange points down at zero: link 7 at the well-known (0.088, 0, 1.033), turned half about X
        assertClose(
                link(panda, "panda_link7").pose(),
                new Pose(new Vec3(0.088, 0, 1.033), Quat.fromAxisAngle(new Vec3(1, 0, 0), Math.PI)));
        Pose fingers = frame.compose(new Pose(new Vec3(0, 0, FINGER_OFFSET), Quat.fromEuler(0, 0, -Math.PI / 4)));
        assertClose(link(panda, "panda_leftfinger").pose(), fingers);
        assertClose(link(panda, "panda_rightfinger").pose(), fingers);
    }

    @Test
    void eachJointSitsAtItsChildAndTurnsAboutItsZ() throws IOException {
        ModelSpec panda = panda();
        assertThat(panda.joints())
                .extracting(JointSpec::name)
                .contains("panda_joint1", "panda_joint7", "panda_finger_joint1");
        JointSpec base = joint(panda, "panda_joint_base");
        assertThat(base.parent()).isEqualTo(JointSpec.WORLD);
        for (JointSpec joint : panda.joints()) {
            assertClose(joint.pose(), Pose.IDENTITY);
        }
        for (int i = 1; i <= 7; i++) {
            assertThat(joint(panda, "panda_joint" + i).axis()).isEqualTo(Vec3.UNIT_Z);
        }
        // the fingers slide along the hand's Y axis, towards each other
        assertThat(joint(panda, "panda_finger_joint1").axis()).isEqualTo(new Vec3(0, 1, 0));
        assertThat(joint(panda, "panda_finger_joint2").axis()).isEqualTo(new Vec3(0, -1, 0));
    }

    static LinkSpec link(ModelSpec m, String name) {
        return m.links().stream()
                .filter(l -> l.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no link " + name));
    }

    static JointSpec joint(ModelSpec m, String name) {
        return m.joints().stream()
                .filter(j -> j.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no joint " + name));
    }

    /**
     * Within 1e-9 m: the file writes π/2 as 1.570796326794896 (16 digits, 1e-16 off) and 0.088 as
     * 0.08799999999999999, so a chain of ten frames stays far inside it; within 1e-7 rad, as angleTo's acos near 1
     * resolves angles only to about 2e-8 rad.
     */
    static void assertClose(Pose actual, Pose expected) {
        assertThat(actual.position().minus(expected.position()).length())
                .as("position " + actual.position() + " against " + expected.position())
                .isCloseTo(0, within(1e-9));
        assertThat(actual.rotation().angleTo(expected.rotation()))
                .as("rotation")
                .isCloseTo(0, within(1e-7));
    }
}
