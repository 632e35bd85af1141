package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.world.Geometry;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A joint type no engine simulates yet (universal, revolute2, screw, gearbox) refuses the world, naming the joint and
 * the engine: before, the joint was dropped and its child fell away from the model while the world ran.
 */
class UnsimulatedJointSimulationTests {

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aWorldWithAUniversalJointIsRefusedNamingJointAndEngine(Engine engine) {
        for (JointType type : List.of(JointType.UNIVERSAL, JointType.REVOLUTE2, JointType.SCREW, JointType.GEARBOX)) {
            var links = List.of(
                    TestWorlds.boxLink("base", Pose.IDENTITY, 1, new Vec3(0.1, 0.1, 0.1), SurfaceSpec.DEFAULT),
                    TestWorlds.link("arm", Pose.translation(0, 0, 1), java.util.Optional.empty(),
                            TestWorlds.collision(new Geometry.Sphere(0.1), Pose.IDENTITY, SurfaceSpec.DEFAULT)));
            JointSpec joint = TestWorlds.joint("gimbal", type, "base", "arm", Pose.IDENTITY, Vec3.UNIT_Z,
                    JointSpec.JointLimits.NONE);
            var world = TestWorlds.world(TestWorlds.model("robot", Pose.IDENTITY, false, links, List.of(joint)));
            assertThatThrownBy(() -> engine.create().build(world).close()).as(type.toString())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("model 'robot' joint 'gimbal'")
                    .hasMessageContaining("joint type " + type.name().toLowerCase(java.util.Locale.ROOT))
                    .hasMessageContaining("the " + engine + " engine");
        }
    }
}
