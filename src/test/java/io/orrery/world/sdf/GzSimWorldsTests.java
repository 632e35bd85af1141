package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Geometry;
import io.orrery.world.IgnoredElement;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PhysicsSpec;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Real worlds from Gazebo Sim's examples, as users bring them (worlds/gazebo: a missing folder fails). */
class GzSimWorldsTests {

    final SdfReader reader = new SdfReader(List.of());

    Path worlds;

    @BeforeEach
    void worldsPresent() {
        worlds = GzSimWorlds.folder();
    }

    WorldSpec read(String file) {
        return reader.read(worlds.resolve(file));
    }

    static Geometry geometryOf(ModelSpec model) {
        return model.links().get(0).collisions().get(0).geometry();
    }

    static long count(WorldSpec world, String element) {
        return world.ignored().stream().filter(i -> i.element().equals(element)).count();
    }

    @Test
    void everyWorldParses() throws IOException {
        for (Path file : GzSimWorlds.files()) {
            WorldSpec world = reader.read(file);
            assertThat(world.models()).as(file.toString()).isNotEmpty();
            assertThat(world.ignored()).as(file.toString()).isNotEmpty();
        }
    }

    @Test
    void shapesHasEveryPrimitive() {
        WorldSpec world = read("shapes.sdf");
        assertThat(world.name()).isEqualTo("shapes");
        assertThat(world.sdfVersion()).isEqualTo("1.11");
        assertThat(world.physics()).isEqualTo(PhysicsSpec.DEFAULT);
        assertThat(world.models())
                .extracting(ModelSpec::name)
                .containsExactly("ground_plane", "box", "cylinder", "sphere", "capsule", "ellipsoid", "cone");
        assertThat(geometryOf(world.model("ground_plane").orElseThrow()))
                .isEqualTo(new Geometry.Plane(Vec3.UNIT_Z, 100, 100));
        assertThat(world.model("ground_plane").orElseThrow().isStatic()).isTrue();
        assertThat(geometryOf(world.model("box").orElseThrow())).isEqualTo(new Geometry.Box(new Vec3(1, 1, 1)));
        assertThat(geometryOf(world.model("cylinder").orElseThrow())).isEqualTo(new Geometry.Cylinder(0.5, 1));
        assertThat(geometryOf(world.model("sphere").orElseThrow())).isEqualTo(new Geometry.Sphere(0.5));
        assertThat(geometryOf(world.model("capsule").orElseThrow())).isEqualTo(new Geometry.Capsule(0.2, 0.6));
        assertThat(geometryOf(world.model("ellipsoid").orElseThrow()))
                .isEqualTo(new Geometry.Ellipsoid(new Vec3(0.2, 0.3, 0.5)));
        assertThat(geometryOf(world.model("cone").orElseThrow())).isEqualTo(new Geometry.Cone(0.5, 1));
        assertThat(world.model("capsule").orElseThrow().pose().y()).isEqualTo(-3.0);

        // the cone's <inertial auto="true"> with density 1: mass = volume of a 0.5 x 1 cone
        var cone = world.model("cone").orElseThrow().links().get(0).inertial().orElseThrow();
        assertThat(cone.mass()).isCloseTo(Math.PI * 0.25 / 3, within(1e-12));
        // and its tensor about the centre of mass (a quarter up from the base): m (3r²/20 + 3L²/80), 3 m r² / 10
        double m = Math.PI * 0.25 / 3;
        assertThat(cone.inertia().orElseThrow().ixx()).isCloseTo(m * (3 * 0.25 / 20 + 3.0 / 80), within(1e-12));
        assertThat(cone.inertia().orElseThrow().izz()).isCloseTo(0.3 * m * 0.25, within(1e-12));
        assertThat(world.model("box")
                        .orElseThrow()
                        .links()
                        .get(0)
                        .inertial()
                        .orElseThrow()
                        .inertia())
                .isPresent();

        assertThat(count(world, "visual")).isEqualTo(7);
        assertThat(count(world, "light")).isEqualTo(1);
        assertThat(count(world, "scene")).isEqualTo(1);
    }

    @Test
    void diffDriveHasTwoVehiclesWithRevoluteWheelsAndABallCaster() {
        WorldSpec world = read("diff_drive.sdf");
        assertThat(world.sdfVersion()).isEqualTo("1.6");
        assertThat(world.physics().maxStepSize()).isEqualTo(0.001);
        assertThat(world.plugins()).hasSize(3);
        for (String name : List.of("vehicle_blue", "vehicle_green")) {
            ModelSpec vehicle = world.model(name).orElseThrow();
            assertThat(vehicle.links())
                    .extracting(LinkSpec::name)
                    .containsExactly("chassis", "left_wheel", "right_wheel", "caster");
            assertThat(vehicle.joints())
                    .extracting(JointSpec::name, JointSpec::type)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("left_wheel_joint", JointType.REVOLUTE),
                            org.assertj.core.groups.Tuple.tuple("right_wheel_joint", JointType.REVOLUTE),
                            org.assertj.core.groups.Tuple.tuple("caster_wheel", JointType.BALL));
            JointSpec left = vehicle.joints().get(0);
            assertThat(left.parent()).isEqualTo("chassis");
            assertThat(left.child()).isEqualTo("left_wheel");
            assertThat(left.axis()).isEqualTo(Vec3.UNIT_Z);
            assertThat(left.limits().lower()).isEqualTo(-1.79769e+308);
            assertThat(left.limits().isBounded()).isFalse();
            assertThat(vehicle.plugins()).singleElement().satisfies(p -> {
                assertThat(p.name()).isEqualTo("gz::sim::systems::DiffDrive");
                assertThat(p.parameter("wheel_separation")).hasValue("1.25");
            });
            LinkSpec wheel = vehicle.links().get(1);
            assertThat(wheel.inertial().orElseThrow().mass()).isEqualTo(2);
            assertThat(wheel.pose().roll()).isCloseTo(-1.5707, within(1e-9));
            // the wheels' fdir1 is read; with mu2 = mu it changes nothing
            assertThat(wheel.collisions().get(0).surface()).isEqualTo(new SurfaceSpec(1, 0, 1, Vec3.UNIT_Z, ""));
        }
        assertThat(world.model("vehicle_blue").orElseThrow().pose().y()).isEqualTo(2);
        assertThat(world.model("vehicle_green").orElseThrow().pose().y()).isEqualTo(-2);
    }

    @Test
    void jointControllerFixesItsBaseToTheWorld() {
        WorldSpec world = read("joint_controller.sdf");
        ModelSpec demo = world.model("joint_controller_demo").orElseThrow();
        JointSpec fixed = demo.joints().get(0);
        assertThat(fixed.type()).isEqualTo(JointType.FIXED);
        assertThat(fixed.parent()).isEqualTo(JointSpec.WORLD);
        JointSpec j1 = demo.joints().get(1);
        assertThat(j1.type()).isEqualTo(JointType.REVOLUTE);
        assertThat(j1.pose().z()).isEqualTo(-0.5);
        assertThat(demo.plugins().get(0).parameter("joint_name")).hasValue("j1");
    }

    @Test
    void thousandsOfShapesLoadWithTheirVisualsIgnored() {
        WorldSpec world = read("3k_shapes.sdf");
        assertThat(world.models()).hasSize(3004);
        assertThat(count(world, "visual")).isEqualTo(3004);
        assertThat(world.ignored())
                .extracting(IgnoredElement::withoutFile)
                .contains(new IgnoredElement("light", "world 'shapes'", 29));
    }
}
