package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.IgnoredElement;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointDynamics;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PhysicsSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.SensorSpec;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SdfReaderTests {

    static final Path RESOURCES = Path.of("src/test/resources/sdf");
    static final Path MODELS = RESOURCES.resolve("models");
    static final double EPS = 1e-9;

    static WorldSpec world;

    @BeforeAll
    static void readFullWorld() {
        // its imu is simulated, as the wiring tells the reader from the device kinds
        world = new SdfReader(List.of(MODELS)).simulatingSensors(Set.of("imu")).read(RESOURCES.resolve("full.sdf"));
    }

    static ModelSpec model(String name) {
        return world.model(name).orElseThrow();
    }

    static LinkSpec link(ModelSpec model, String name) {
        return model.links().stream()
                .filter(l -> l.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    static CollisionSpec collision(LinkSpec link, String name) {
        return link.collisions().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    static JointSpec joint(ModelSpec model, String name) {
        return model.joints().stream()
                .filter(j -> j.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    static void assertVec(Vec3 actual, double x, double y, double z) {
        assertThat(actual.x()).isCloseTo(x, within(EPS));
        assertThat(actual.y()).isCloseTo(y, within(EPS));
        assertThat(actual.z()).isCloseTo(z, within(EPS));
    }

    static void assertRotation(Pose pose, Quat expected) {
        assertThat(pose.rotation().angleTo(expected)).isCloseTo(0, within(1e-7));
    }

    @Test
    void readsWorldSettings() throws Exception {
        assertThat(world.name()).isEqualTo("everything");
        assertThat(world.sdfVersion()).isEqualTo("1.11");
        assertThat(world.source())
                .isEqualTo(RESOURCES.resolve("full.sdf").toAbsolutePath().normalize());
        assertThat(world.source().isAbsolute()).isTrue();
        assertThat(world.document().text()).isEqualTo(Files.readString(RESOURCES.resolve("full.sdf")));
        assertVec(world.gravity(), 0, 0, -3.7);
        // the physics marked default="true" wins over the first one
        assertThat(world.physics()).isEqualTo(new PhysicsSpec(0.002, 2.5, 0));
        Pose camera = world.guiCameraPose().orElseThrow();
        assertVec(camera.position(), -6, 0, 6);
        assertThat(camera.pitch()).isCloseTo(0.5, within(EPS));
    }

    @Test
    void readsRoads() {
        assertThat(world.roads()).hasSize(1);
        var road = world.roads().get(0);
        assertThat(road.name()).isEqualTo("main_street");
        assertThat(road.width()).isEqualTo(7.5);
        assertThat(road.points()).containsExactly(new Vec3(0, 0, 0), new Vec3(100, 0, 0), new Vec3(100, 50, 0.5));
    }

    @Test
    void readsWorldPluginsWithUndeclaredPrefixAndRequiredFlag() {
        assertThat(world.plugins())
                .extracting(PluginSpec::name)
                .containsExactly("gz::sim::systems::Physics", "recorder");
        PluginSpec physics = world.plugins().get(0);
        assertThat(physics.filename()).isEqualTo("gz-sim-physics-system");
        assertThat(physics.priority()).hasValue(-64);
        assertThat(physics.required()).isFalse();
        assertThat(physics.parameters()).extracting(p -> p.name()).containsExactly("gz:system_priority", "engine");
        assertThat(physics.parameters().get(1).child("filename").orElseThrow().text())
                .isEqualTo("bullet");
        assertThat(physics.line()).isEqualTo(26);

        PluginSpec recorder = world.plugins().get(1);
        assertThat(recorder.required()).isTrue();
        assertThat(recorder.priority()).isEmpty();
        assertThat(recorder.parameter("topic")).hasValue("/stats");
        assertThat(recorder.parameters().get(0).attributes()).containsEntry("kind", "log");
    }

    @Test
    void readsModelsInDocumentOrderWithIncludesResolved() {
        assertThat(world.models())
                .extracting(ModelSpec::name)
                .containsExactly("robot", "ground", "quat", "crate", "plain_ball");
        ModelSpec robot = model("robot");
        assertThat(robot.isStatic()).isFalse();
        assertThat(robot.allowAutoDisable()).isFalse();
        assertThat(robot.includeUri()).isEmpty();
        assertThat(robot.line()).isEqualTo(40);
        assertVec(robot.pose().position(), 1, 2, 3);
        assertThat(robot.pose().yaw()).isCloseTo(Math.PI / 2, within(EPS));
        assertThat(model("ground").isStatic()).isTrue();
        assertThat(model("ground").allowAutoDisable()).isTrue();
        assertThat(robot.plugins()).singleElement().satisfies(p -> {
            assertThat(p.filename()).isEqualTo("gz-sim-diff-drive-system");
            assertThat(p.parameter("left_joint")).hasValue("axle");
            assertThat(p.parameter("wheel_radius")).hasValue("0.3");
        });
    }

    @Test
    void readsLinkInertial() {
        LinkSpec base = link(model("robot"), "base");
        assertVec(base.pose().position(), 0.5, 0, 0);
        InertialSpec inertial = base.inertial().orElseThrow();
        assertThat(inertial.mass()).isEqualTo(12.5);
        assertVec(inertial.pose().position(), 0, 0, 0.1);
        assertThat(inertial.inertia()).hasValue(new InertialSpec.Inertia(1.1, 0.01, 0.02, 2.2, 0.03, 3.3));
        assertThat(link(model("robot"), "slider").inertial()).isEmpty();
        assertThat(link(model("crate"), "body").inertial().orElseThrow().inertia())
                .isEmpty();
    }

    @Test
    void readsEveryCollisionGeometry() {
        LinkSpec base = link(model("robot"), "base");
        assertThat(base.collisions())
                .extracting(CollisionSpec::name)
                .containsExactly("box", "sphere", "cylinder", "capsule", "ellipsoid", "cone", "mesh");
        assertThat(collision(base, "box").geometry()).isEqualTo(new Geometry.Box(new Vec3(1, 0.5, 0.25)));
        assertVec(collision(base, "box").pose().position(), 0, 0, 0.05);
        assertThat(collision(base, "sphere").geometry()).isEqualTo(new Geometry.Sphere(0.3));
        assertThat(collision(base, "cylinder").geometry()).isEqualTo(new Geometry.Cylinder(0.2, 0.8));
        assertThat(collision(base, "capsule").geometry()).isEqualTo(new Geometry.Capsule(0.1, 0.4));
        assertThat(collision(base, "ellipsoid").geometry()).isEqualTo(new Geometry.Ellipsoid(new Vec3(0.1, 0.2, 0.3)));
        assertThat(collision(base, "cone").geometry()).isEqualTo(new Geometry.Cone(0.25, 0.6));
        // a unit cube, read from meshes/body.stl beside the world file, scaled by 2
        Geometry.Mesh mesh = (Geometry.Mesh) collision(base, "mesh").geometry();
        assertThat(mesh.uri()).isEqualTo("meshes/body.stl");
        assertVec(mesh.scale(), 2, 2, 2);
        assertThat(mesh.optimization()).isEqualTo(Geometry.MeshOptimization.NONE);
        assertThat(mesh.triangles().triangleCount()).isEqualTo(12);
        assertThat(mesh.triangles().max()).containsExactly(2f, 2f, 2f);
        Geometry plane = collision(link(model("ground"), "link"), "plane").geometry();
        // the normal is normalised
        assertThat(plane).isEqualTo(new Geometry.Plane(new Vec3(0, 0, 1), 50, 40));
    }

    @Test
    void readsSurfaces() {
        LinkSpec base = link(model("robot"), "base");
        // <ode><mu> wins over <bullet><friction>
        assertThat(collision(base, "box").surface()).isEqualTo(new SurfaceSpec(0.7, 0.4));
        assertThat(collision(base, "sphere").surface()).isEqualTo(new SurfaceSpec(0.35, 0));
        assertThat(collision(base, "cylinder").surface()).isEqualTo(SurfaceSpec.DEFAULT);
    }

    @Test
    void readsJoints() {
        ModelSpec robot = model("robot");
        // the universal joint too (its axes are Gazebo's defaults, X and Y: JointTypesSdfTests)
        assertThat(robot.joints())
                .extracting(JointSpec::name)
                .containsExactly("shoulder", "rail", "axle", "swivel", "anchor", "gimbal", "to_gripper");
        JointSpec shoulder = joint(robot, "shoulder");
        assertThat(shoulder.type()).isEqualTo(JointType.REVOLUTE);
        assertThat(shoulder.parent()).isEqualTo("base");
        assertThat(shoulder.child()).isEqualTo("arm");
        assertVec(shoulder.pose().position(), 0, 0, -0.5);
        assertVec(shoulder.axis(), 0, 1, 0); // normalised from 0 2 0
        assertThat(shoulder.limits()).isEqualTo(new JointLimits(-1.5, 1.5, 40, 2));
        assertThat(shoulder.limits().isBounded()).isTrue();
        assertThat(shoulder.dynamics()).isEqualTo(new JointDynamics(0.1, 0, 0, 0));

        JointSpec rail = joint(robot, "rail");
        assertThat(rail.type()).isEqualTo(JointType.PRISMATIC);
        assertVec(rail.axis(), 1, 0, 0);
        assertThat(rail.limits()).isEqualTo(new JointLimits(0, 0.3, -1, -1));

        JointSpec axle = joint(robot, "axle");
        assertThat(axle.type()).isEqualTo(JointType.CONTINUOUS);
        assertThat(axle.limits()).isEqualTo(JointLimits.NONE); // continuous joints have no position limits
        assertThat(axle.dynamics()).isEqualTo(new JointDynamics(0.02, 0.5, 0.1, 0));
        assertThat(rail.dynamics()).isEqualTo(JointDynamics.NONE);

        assertThat(joint(robot, "swivel").type()).isEqualTo(JointType.BALL);
        JointSpec anchor = joint(robot, "anchor");
        assertThat(anchor.type()).isEqualTo(JointType.FIXED);
        assertThat(anchor.parent()).isEqualTo(JointSpec.WORLD);
        assertThat(anchor.limits().isBounded()).isFalse();

        JointSpec toGripper = joint(robot, "to_gripper");
        assertThat(toGripper.child()).isEqualTo("gripper::finger");
        assertVec(toGripper.axis(), 0, 0, 1); // SDF's default axis
    }

    @Test
    void composesNestedAndDegreePosesIntoTheWorldFrame() {
        ModelSpec robot = model("robot");
        ModelSpec gripper = robot.models().stream()
                .filter(m -> m.name().equals("gripper"))
                .findFirst()
                .orElseThrow();
        Pose finger = robot.pose()
                .compose(gripper.pose())
                .compose(link(gripper, "finger").pose());
        // robot at (1,2,3) yawed 90°: the gripper's local (0.1, 0, 2) becomes (0, 0.1, 2)
        assertVec(finger.position(), 1, 2.1, 5);
        assertRotation(finger, Quat.fromEuler(0, 0, Math.PI / 2));

        Pose arm = robot.pose().compose(link(robot, "arm").pose());
        assertVec(arm.position(), 1, 2, 4);
        // degrees="true": 90 degrees of roll, after the model's yaw
        assertRotation(link(robot, "arm").pose(), Quat.fromEuler(Math.PI / 2, 0, 0));
        assertRotation(arm, Quat.fromEuler(0, 0, Math.PI / 2).times(Quat.fromEuler(Math.PI / 2, 0, 0)));
    }

    @Test
    void readsQuaternionPoses() {
        Pose pose = model("quat").pose();
        assertVec(pose.position(), 1, 0, 0);
        assertThat(pose.yaw()).isCloseTo(Math.PI / 2, within(1e-9));
    }

    @Test
    void computesAutoInertialMassFromDensityAndCollisionVolumes() {
        InertialSpec inertial = link(model("quat"), "auto").inertial().orElseThrow();
        // 1 m³ at the link density 500 plus 1 m³ at its own density 1500
        assertThat(inertial.mass()).isCloseTo(2000, within(EPS));
        // the centre of mass is pulled towards the denser box at x = -1
        assertVec(inertial.pose().position(), -0.5, 0, 0);
        // and the tensor too: about x each unit cube gives m (1 + 1)/12
        assertThat(inertial.inertia().orElseThrow().ixx()).isCloseTo(2000.0 / 6, within(EPS));
    }

    @Test
    void resolvesIncludesThroughModelConfigWithOverrides() {
        ModelSpec crate = model("crate");
        assertThat(crate.includeUri()).hasValue("model://test_box");
        assertVec(crate.pose().position(), 5, 5, 0); // the include's pose replaces the model's own
        assertThat(crate.isStatic()).isTrue();
        assertThat(crate.line()).isEqualTo(190);
        // model.config names two files: the newest supported version is read
        assertThat(crate.links()).extracting(LinkSpec::name).containsExactly("body");
        LinkSpec body = link(crate, "body");
        assertThat(body.inertial().orElseThrow().mass()).isEqualTo(2);
        assertThat(body.collisions().get(0).geometry()).isEqualTo(new Geometry.Box(new Vec3(0.5, 0.5, 0.5)));
        // the model's own plugin, then the include's
        assertThat(crate.plugins()).extracting(PluginSpec::name).containsExactly("BoxPlugin", "Extra");
    }

    @Test
    void resolvesIncludesOfModelSdfWithoutOverrides() {
        ModelSpec ball = model("plain_ball");
        assertThat(ball.includeUri()).hasValue("model://plain_ball");
        assertThat(ball.pose()).isEqualTo(Pose.IDENTITY);
        assertThat(ball.isStatic()).isFalse();
        assertThat(link(ball, "ball").collisions().get(0).geometry()).isEqualTo(new Geometry.Sphere(0.1));
    }

    @Test
    void resolvesNestedIncludesWithinTheParentModel() {
        ModelSpec payload = model("robot").models().stream()
                .filter(m -> m.name().equals("payload"))
                .findFirst()
                .orElseThrow();
        assertThat(payload.includeUri()).hasValue("model://test_box");
        assertVec(payload.pose().position(), 0, 0, 1);
        assertThat(payload.isStatic()).isFalse();
    }

    @Test
    void listsIgnoredElementsWithTheirPlace() {
        assertThat(world.ignored())
                .extracting(IgnoredElement::withoutFile)
                .contains(
                        new IgnoredElement("light", "world 'everything'", 35),
                        new IgnoredElement("scene", "world 'everything'", 38),
                        new IgnoredElement("visual", "model 'robot' link 'base'", 89),
                        new IgnoredElement("physics", "world 'everything'", 6));
        // <frame> is read now (frame semantics)
        assertThat(world.ignored()).noneSatisfy(i -> assertThat(i.element()).isEqualTo("frame"));
        // <dynamics> is read now (damping, friction; the spring is kept but not simulated)
        assertThat(world.ignored()).noneSatisfy(i -> assertThat(i.element()).isEqualTo("dynamics"));
        // a visual in an included file names that file
        assertThat(world.ignored()).anySatisfy(i -> {
            assertThat(i.element()).isEqualTo("visual");
            assertThat(i.where()).contains("model 'crate'").contains("test_box.sdf");
        });
        String summary = SdfReader.summary(world.ignored());
        // visuals: the robot's own, and one in each of the two includes of test_box
        assertThat(summary).isEqualTo("1 light, 1 scene, 3 visual, 2 bullet, 1 physics");
    }

    @Test
    void readsSensorsOfLinksAndReportsOnlyThoseNotSimulatedAsIgnored(@TempDir Path dir) throws Exception {
        LinkSpec base = model("robot").links().stream()
                .filter(l -> l.name().equals("base"))
                .findFirst()
                .orElseThrow();
        assertThat(base.sensors()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("imu");
            assertThat(s.type()).isEqualTo("imu");
            assertThat(s.updateRate()).isZero();
            assertThat(s.alwaysOn()).isFalse();
            assertThat(s.topic()).isEmpty();
            assertThat(s.line()).isEqualTo(92);
        });
        Path file = Files.writeString(dir.resolve("sensors.sdf"), """
                <sdf version="1.9"><world name="w"><model name="m"><link name="l">
                  <sensor name="cam" type="camera"><update_rate>30</update_rate></sensor>
                  <sensor name="scan" type="gpu_lidar"><pose>0 0 0.1 0 0 0</pose><topic>scan</topic>
                    <always_on>true</always_on><update_rate>10</update_rate>
                    <lidar><range><min>0.1</min><max>5</max></range>
                      <noise type="gaussian"><stddev>0.01</stddev></noise></lidar>
                  </sensor>
                </link></model></world></sdf>
                """);
        // the device kinds' sensor types, as the wiring gives them: the world records cannot know them
        WorldSpec read =
                new SdfReader(List.of()).simulatingSensors(Set.of("gpu_lidar")).read(file);
        List<SensorSpec> sensors = read.models().get(0).links().get(0).sensors();
        assertThat(sensors).extracting(SensorSpec::name).containsExactly("cam", "scan");
        SensorSpec scan = sensors.get(1);
        assertThat(scan.topic()).hasValue("scan");
        assertThat(scan.alwaysOn()).isTrue();
        assertThat(scan.updateRate()).isEqualTo(10);
        assertThat(scan.pose().z()).isEqualTo(0.1);
        assertThat(scan.child("lidar").flatMap(l -> l.child("noise")).flatMap(n -> n.child("stddev")))
                .hasValueSatisfying(e -> assertThat(e.text()).isEqualTo("0.01"));
        assertThat(read.ignored()).extracting(IgnoredElement::element).containsExactly("sensor");
        assertThat(read.ignored()).extracting(IgnoredElement::line).containsExactly(2);
        // a reader told of no device kinds simulates no sensor: both are listed
        assertThat(new SdfReader(List.of()).read(file).ignored())
                .extracting(IgnoredElement::element)
                .containsExactly("sensor", "sensor");
        assertThat(read.ignored().get(0).where()).isEqualTo("model 'm' link 'l' sensor 'cam' of type camera");
    }

    @Test
    void readsAModelSnippetWithOrWithoutSdfWrapper() {
        SdfReader reader = new SdfReader(List.of(MODELS));
        ModelSpec wrapped = reader.readModel("""
                <?xml version="1.0"?>
                <sdf version="1.8">
                  <model name="spawned">
                    <pose>0 0 10 0 0 0</pose>
                    <link name="l">
                      <collision name="c"><geometry><sphere><radius>1</radius></sphere></geometry></collision>
                      <visual name="v"/>
                    </link>
                  </model>
                </sdf>
                """, "spawn request");
        assertThat(wrapped.name()).isEqualTo("spawned");
        assertVec(wrapped.pose().position(), 0, 0, 10);
        assertThat(wrapped.links().get(0).collisions().get(0).geometry()).isEqualTo(new Geometry.Sphere(1));

        ModelSpec bare = reader.readModel("<model name='bare'><static>true</static><link name='l'/></model>", "s");
        assertThat(bare.name()).isEqualTo("bare");
        assertThat(bare.isStatic()).isTrue();

        ModelSpec included = reader.readModel("<include><uri>model://plain_ball</uri><name>b2</name></include>", "s");
        assertThat(included.name()).isEqualTo("b2");
        assertThat(included.includeUri()).hasValue("model://plain_ball");
    }

    @Test
    void snippetErrorsNameTheSource() {
        SdfReader reader = new SdfReader(List.of());
        assertThatThrownBy(() -> reader.readModel(
                        "<model name='m'>\n  <link name='l'>\n    <inertial><mass>-1</mass>"
                                + "</inertial></link></model>",
                        "spawn request"))
                .isInstanceOfSatisfying(SdfException.class, e -> {
                    assertThat(e.file()).isEqualTo("spawn request");
                    assertThat(e.line()).isEqualTo(3);
                    assertThat(e.getMessage()).startsWith("spawn request:3:").contains("<mass> must be a positive");
                });
        assertThatThrownBy(() -> reader.readModel("<light name='sun'/>", "s"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("expected <model>");
        assertThatThrownBy(() -> reader.readModel("<sdf version='1.9'><model name='a'/><model name='b'/></sdf>", "s"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("exactly one <model>");
    }

    @Test
    void modelPathIncludesTheEnvironmentAfterTheConfiguredDirectories() {
        Path configured = Path.of("/configured");
        SdfReader reader =
                SdfReader.withEnvironment(List.of(configured), "/does/not/exist::" + MODELS.toAbsolutePath() + ":");
        assertThat(reader.modelPath()).containsExactly(configured, Path.of("/does/not/exist"), MODELS.toAbsolutePath());
        // the environment's directory is where model://test_box is found
        assertThat(reader.read(RESOURCES.resolve("full.sdf")).model("crate")).isPresent();
        assertThat(SdfReader.withEnvironment(List.of(configured), null).modelPath())
                .containsExactly(configured);
    }

    @Test
    void refusesDocumentsLargerThanTheLimit() {
        SdfReader small = new SdfReader(List.of(MODELS)).withMaxInputBytes(100);
        assertThatThrownBy(() -> small.read(RESOURCES.resolve("full.sdf")))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("limit of 100 bytes");
        assertThatThrownBy(() -> small.readModel("<model name='m'>" + " ".repeat(200) + "</model>", "s"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("limit of 100 bytes");
        assertThat(new SdfReader(List.of(), 64).modelPath()).isEmpty();
    }

    @Test
    void reportsAMissingFile() {
        assertThatThrownBy(() -> new SdfReader(List.of()).read(RESOURCES.resolve("no_such.sdf")))
                .isInstanceOf(SdfException.class)
                .hasMessage(RESOURCES.resolve("no_such.sdf") + ": no such file");
    }
}
