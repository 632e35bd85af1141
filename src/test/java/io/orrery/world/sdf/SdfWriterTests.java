package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.orrery.world.IgnoredElement;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.RoadSpec;
import io.orrery.world.SensorSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.WorldState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.filter.Filters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SdfWriterTests {

    static final Path SAVE = Path.of("src/test/resources/sdf/save");
    static final double EPS = 1e-9;

    static final String VISITOR = """
            <sdf version="1.9">
              <!-- a spawn request -->
              <model name="visitor">
                <pose>0 0 5 0 0 0</pose>
                <link name="chassis">
                  <inertial><mass>2</mass></inertial>
                  <collision name="c"><geometry><box><size>1 1 1</size></box></geometry></collision>
                  <visual name="paint"><geometry><box><size>1 1 1</size></box></geometry></visual>
                </link>
                <link name="wheel">
                  <pose>0.5 0 0 1.5707963267948966 0 0</pose>
                  <collision name="c"><geometry><cylinder><radius>0.2</radius><length>0.1</length></cylinder></geometry></collision>
                </link>
                <joint name="axle" type="continuous">
                  <parent>chassis</parent><child>wheel</child><axis><xyz>0 0 1</xyz></axis>
                </joint>
              </model>
            </sdf>
            """;

    /** Spawned without its text: written from the spec, so everything the records hold must survive. */
    static final String BUILT = """
            <model name="built">
              <allow_auto_disable>false</allow_auto_disable>
              <link name="base">
                <pose>0 0 0.1 0 0 0</pose>
                <inertial>
                  <pose>0 0 0.05 0 0 0</pose>
                  <mass>4.5</mass>
                  <inertia><ixx>0.1</ixx><ixy>0.001</ixy><ixz>0</ixz><iyy>0.2</iyy><iyz>0</iyz><izz>0.3</izz></inertia>
                </inertial>
                <collision name="box">
                  <pose>0 0 0.02 0 0 0</pose>
                  <geometry><box><size>1 0.5 0.25</size></box></geometry>
                  <surface>
                    <friction><ode><mu>0.7</mu></ode></friction>
                    <bounce><restitution_coefficient>0.4</restitution_coefficient></bounce>
                  </surface>
                </collision>
                <collision name="ball"><geometry><sphere><radius>0.3</radius></sphere></geometry></collision>
                <collision name="capsule"><geometry><capsule><radius>0.1</radius><length>0.4</length></capsule></geometry></collision>
                <collision name="ellipsoid"><geometry><ellipsoid><radii>0.1 0.2 0.3</radii></ellipsoid></geometry></collision>
                <collision name="cone"><geometry><cone><radius>0.25</radius><length>0.6</length></cone></geometry></collision>
                <collision name="floor"><geometry><plane><normal>0 0 1</normal><size>3 4</size></plane></geometry></collision>
                <collision name="polyline"><geometry><polyline><point>0 0</point><point>1 0</point><point>0 1</point><height>1</height></polyline></geometry></collision>
                <visual name="shell">
                  <pose>0 0 0.1 0 0 0.2</pose>
                  <geometry><cylinder><radius>0.2</radius><length>0.5</length></cylinder></geometry>
                  <material>
                    <ambient>0.1 0.2 0.3 1</ambient><diffuse>0.4 0.5 0.6 0.9</diffuse><shininess>8</shininess>
                    <script><uri>file://media/materials/scripts/gazebo.material</uri><name>Gazebo/Red</name></script>
                    <pbr><metal><normal_map>n.png</normal_map><metalness>0.5</metalness></metal></pbr>
                  </material>
                  <transparency>0.5</transparency>
                  <laser_retro>100</laser_retro>
                  <visibility_flags>1</visibility_flags>
                  <plugin filename="gz-sim-label-system" name="gz::sim::systems::Label"><label>3</label></plugin>
                </visual>
                <visual name="trace"><geometry><polyline><point>0 0</point><point>1 0</point><point>1 1</point><height>0.5</height></polyline><polyline><point>0.6 0.2</point><point>0.8 0.2</point><point>0.8 0.4</point><height>0.5</height></polyline></geometry></visual>
                <light name="led" type="spot">
                  <pose>0 0 0.3 0 0 0</pose>
                  <diffuse>0 0 1 1</diffuse>
                  <attenuation><range>5</range><linear>0.5</linear></attenuation>
                  <spot><inner_angle>0.2</inner_angle><outer_angle>0.4</outer_angle><falloff>1</falloff></spot>
                </light>
              </link>
              <link name="arm"><pose>0 0 1 0.3 0 0</pose></link>
              <link name="slider"/>
              <joint name="shoulder" type="revolute">
                <pose>0 0 -0.5 0 0 0</pose>
                <parent>base</parent><child>arm</child>
                <axis><xyz>0 1 0</xyz><limit><lower>-1.5</lower><upper>1.5</upper><effort>40</effort><velocity>2</velocity></limit>
                  <dynamics><damping>0.1</damping><friction>0.2</friction><spring_reference>0.3</spring_reference></dynamics></axis>
              </joint>
              <joint name="rail" type="prismatic">
                <parent>base</parent><child>slider</child>
                <axis><xyz>1 0 0</xyz><limit><lower>0</lower><upper>0.3</upper></limit></axis>
              </joint>
              <joint name="anchor" type="fixed"><parent>world</parent><child>base</child></joint>
              <joint name="to_tip" type="ball"><parent>arm</parent><child>tip::end</child></joint>
              <plugin filename="gz-sim-joint-controller-system" name="gz::sim::systems::JointController" required="true">
                <gz:system_priority>5</gz:system_priority>
                <joint_name>shoulder</joint_name>
                <gains p="1" d="0.1"><extra>x</extra></gains>
              </plugin>
              <model name="tip">
                <pose>0 0 2 0 0 0</pose>
                <link name="end"><collision name="c"><geometry><sphere><radius>0.05</radius></sphere></geometry></collision></link>
              </model>
              <include>
                <uri>model://crate</uri>
                <name>cargo</name>
                <pose>0.3 0 0.5 0 0 0</pose>
              </include>
            </model>
            """;

    static final String CRATE_2 = "<include><uri>model://crate</uri><name>crate_2</name></include>";

    static SdfReader reader;
    static WorldSpec world;

    @TempDir
    Path dir;

    @BeforeAll
    static void readWorld() {
        reader = new SdfReader(List.of(SAVE.resolve("models")));
        world = reader.read(SAVE.resolve("world.sdf"));
    }

    WorldSpec writeAndRead(WorldSpec spec, WorldState state) throws IOException {
        String text = new SdfWriter().write(spec, state);
        Path file = dir.resolve("saved.sdf");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return reader.read(file);
    }

    static double angleBetween(Quat a, Quat b) {
        // atan2 of the relative rotation, not acos of a dot product: that loses precision near zero
        Quat d = a.conjugate().times(b);
        double sin = Math.sqrt(d.x() * d.x() + d.y() * d.y() + d.z() * d.z());
        return 2 * Math.atan2(sin, Math.abs(d.w()));
    }

    static void assertPose(Pose actual, Pose expected, String what) {
        assertThat(actual.position().minus(expected.position()).length())
                .as(what + " position")
                .isLessThan(EPS);
        assertThat(angleBetween(actual.rotation(), expected.rotation()))
                .as(what + " rotation")
                .isLessThan(EPS);
    }

    static void assertSameLinks(List<LinkSpec> actual, List<LinkSpec> expected, String what) {
        assertThat(actual)
                .extracting(LinkSpec::name)
                .as(what)
                .containsExactlyElementsOf(expected.stream().map(LinkSpec::name).toList());
        for (int i = 0; i < expected.size(); i++) {
            LinkSpec a = actual.get(i);
            LinkSpec e = expected.get(i);
            assertPose(a.pose(), e.pose(), what + " link " + e.name());
            assertThat(a.inertial()).as(what + " link " + e.name()).isEqualTo(e.inertial());
            assertThat(a.collisions()).as(what + " link " + e.name()).isEqualTo(e.collisions());
            // what cameras draw survives a save too
            VisualsSdfTests.assertSameVisuals(a, e, what + " link " + e.name());
        }
    }

    static Document parse(String text) {
        return SecureXml.parse(text.getBytes(StandardCharsets.UTF_8), "written", SecureXml.DEFAULT_MAX_BYTES);
    }

    static Element topLevel(Document document, String name) {
        Element w = document.getRootElement().getChild("world");
        for (Element c : w.getChildren()) {
            if (c.getName().equals("model") && name.equals(c.getAttributeValue("name"))
                    || c.getName().equals("include") && name.equals(c.getChildTextTrim("name"))) {
                return c;
            }
        }
        throw new AssertionError("no top-level model or include named " + name);
    }

    @Test
    void theRunningWorldRoundTripsThroughSdf() throws IOException {
        ModelSpec visitor = reader.readModel(VISITOR, "spawn request");
        ModelSpec built = reader.readModel(BUILT, "spawn request");
        ModelSpec crate2 = reader.readModel(CRATE_2, "spawn request");
        Pose robotPose = new Pose(new Vec3(4, -1, 0.3), Quat.fromEuler(0.1, -0.2, 2.5));
        Pose crate1Pose = new Pose(new Vec3(3.25, 0.5, 0.2), Quat.fromEuler(0, 0, -3.1));
        Pose tiltedPose = new Pose(new Vec3(-0.5, -4, 1.25), Quat.fromEuler(3.0, 1.4, -2.9));
        Pose visitorPose = Pose.of(7, 7, 0.5, 0, 0, 0.75);
        Pose builtPose = Pose.of(-7, 2, 0, 0, 0, 1);
        Pose crate2Pose = Pose.of(0, 9, 0.2, 0, 0, 0);
        Pose camera = Pose.of(-10, 2, 8, 0, 0.6, -0.2);
        ModelSpec ground = world.model("ground").orElseThrow();
        ModelSpec crate = world.model("crate").orElseThrow();
        WorldState state = new WorldState(
                Optional.of(camera),
                List.of(
                        ModelSnapshot.loaded("ground", ground.pose(), true),
                        ModelSnapshot.loaded("robot", robotPose, true),
                        ModelSnapshot.loaded("crate_1", crate1Pose, true),
                        ModelSnapshot.loaded("crate", crate.pose(), false),
                        ModelSnapshot.loaded("tilted", tiltedPose, false),
                        ModelSnapshot.spawned(visitor, VISITOR, visitorPose, false),
                        ModelSnapshot.spawned(built, builtPose, true),
                        ModelSnapshot.spawned(crate2, CRATE_2, crate2Pose, true)),
                Optional.of(List.of(
                        new RoadSpec("lane", 4, List.of(new Vec3(0, 0, 0), new Vec3(12, 0, 0), new Vec3(12, 5, 0))),
                        new RoadSpec("bypass", 2.5, List.of(new Vec3(0, 3, 0), new Vec3(5, 3, 0.5))))));

        String text = new SdfWriter().write(world, state);
        Files.writeString(dir.resolve("saved.sdf"), text, StandardCharsets.UTF_8);
        WorldSpec saved = reader.read(dir.resolve("saved.sdf"));

        assertThat(saved.models())
                .extracting(ModelSpec::name)
                .containsExactly("ground", "robot", "crate_1", "crate", "tilted", "visitor", "built", "crate_2");
        assertThat(saved.models())
                .extracting(ModelSpec::name, ModelSpec::isStatic)
                .containsExactly(
                        tuple("ground", true),
                        tuple("robot", true),
                        tuple("crate_1", true),
                        tuple("crate", false),
                        tuple("tilted", false),
                        tuple("visitor", false),
                        tuple("built", true),
                        tuple("crate_2", true));
        for (ModelSnapshot now : state.models()) {
            assertPose(saved.model(now.name()).orElseThrow().pose(), now.pose(), now.name());
        }
        assertThat(saved.model("doomed")).isEmpty();
        assertPose(saved.guiCameraPose().orElseThrow(), camera, "gui camera");
        assertThat(saved.roads()).isEqualTo(state.roads().orElseThrow());

        // a model of the file keeps its inside: links, joints, nested models (relative poses), plugins
        ModelSpec robot = world.model("robot").orElseThrow();
        ModelSpec savedRobot = saved.model("robot").orElseThrow();
        assertSameLinks(savedRobot.links(), robot.links(), "robot");
        assertThat(savedRobot.joints()).isEqualTo(robot.joints());
        assertPose(savedRobot.models().get(0).pose(), robot.models().get(0).pose(), "camera_mount");
        assertThat(savedRobot.plugins())
                .extracting(PluginSpec::name, PluginSpec::parameters)
                .containsExactly(tuple(
                        robot.plugins().get(0).name(), robot.plugins().get(0).parameters()));

        // includes stay includes, with the crate's own content from the model path
        for (String name : List.of("crate_1", "crate", "crate_2")) {
            ModelSpec savedCrate = saved.model(name).orElseThrow();
            assertThat(savedCrate.includeUri()).as(name).hasValue("model://crate");
            assertSameLinks(savedCrate.links(), crate.links(), name);
        }

        // spawned from a snippet: its text, visual included; spawned from a spec: everything the records hold
        assertSameLinks(saved.model("visitor").orElseThrow().links(), visitor.links(), "visitor");
        assertThat(saved.model("visitor").orElseThrow().joints()).isEqualTo(visitor.joints());
        assertThat(topLevel(parse(text), "visitor").getChild("link").getChild("visual"))
                .isNotNull();
        ModelSpec savedBuilt = saved.model("built").orElseThrow();
        // polylines included: one in a collision, two (a hole in a triangle) in a visual
        assertSameLinks(savedBuilt.links(), built.links(), "built");
        assertThat(savedBuilt.joints()).isEqualTo(built.joints());
        assertThat(savedBuilt.allowAutoDisable()).isFalse();
        assertThat(savedBuilt.plugins()).singleElement().satisfies(p -> {
            PluginSpec original = built.plugins().get(0);
            assertThat(p.name()).isEqualTo(original.name());
            assertThat(p.filename()).isEqualTo(original.filename());
            assertThat(p.parameters()).isEqualTo(original.parameters());
            assertThat(p.priority()).hasValue(5);
            assertThat(p.required()).isTrue();
        });
        assertThat(savedBuilt.models()).extracting(ModelSpec::name).containsExactly("tip", "cargo");
        assertThat(savedBuilt.models().get(1).includeUri()).hasValue("model://crate");
        assertSameLinks(
                savedBuilt.models().get(0).links(), built.models().get(0).links(), "built::tip");

        // world plugins and the elements Orrery does not simulate are kept
        assertThat(saved.plugins())
                .extracting(PluginSpec::name, PluginSpec::filename, PluginSpec::parameters, PluginSpec::priority)
                .containsExactlyElementsOf(world.plugins().stream()
                        .map(p -> tuple(p.name(), p.filename(), p.parameters(), p.priority()))
                        .toList());
        assertThat(saved.ignored())
                .extracting(IgnoredElement::element)
                .contains("light", "scene", "visual", "material", "plugin");
        // the wind is read (WindEffects blows it) and kept
        assertThat(saved.wind()).isEqualTo(world.wind()).isEqualTo(new Vec3(1, 0, 0));
        assertThat(saved.models().stream().flatMap(m -> m.links().stream()).flatMap(l -> l.sensors().stream()))
                .extracting(SensorSpec::name, SensorSpec::updateRate)
                .contains(tuple("imu", 100.0));
        assertThat(saved.physics()).isEqualTo(world.physics());
    }

    @Test
    void theWrittenTextIsPlainPrettySdf() {
        String text = new SdfWriter()
                .write(
                        world,
                        new WorldState(
                                Optional.of(Pose.of(1, 2, 3, 0, 0.5, 0)),
                                List.of(ModelSnapshot.loaded("robot", Pose.of(1, 1, 1, 0, 0, 0), false)),
                                Optional.empty()));

        assertThat(text).startsWith("<?xml version=\"1.0\"?>\n<sdf version=\"1.10\">\n  <world name=\"save_me\">\n");
        assertThat(text)
                .doesNotContain("<!--")
                .doesNotContain("\r")
                .doesNotContain("urn:orrery")
                .doesNotContain("xmlns");
        assertThat(text)
                .contains("<gz:system_priority>-64</gz:system_priority>")
                .contains("<gz:custom_flag enabled=\"yes\" />")
                .contains("<wind>")
                .contains("<script>");
        Document document = parse(text);
        Element robot = topLevel(document, "robot");
        assertThat(robot.getAttribute("placement_frame")).isNull();
        assertThat(robot.getChildren("pose")).singleElement().satisfies(p -> {
            assertThat(p.getAttributes()).isEmpty();
            assertThat(p.getText()).isEqualTo("1 1 1 0 0 0");
        });
        assertThat(robot.getChildText("static")).isEqualTo("false");
        Element camera =
                document.getRootElement().getChild("world").getChild("gui").getChild("camera");
        assertThat(camera.getChild("pose").getAttributes()).isEmpty();
        assertThat(camera.getChild("pose").getText()).isEqualTo("1 2 3 0 0.5 0");
        // only the top-level model's pose is rewritten: the nested one keeps its degrees
        assertThat(robot.getChild("model").getChild("pose").getAttributeValue("degrees"))
                .isEqualTo("true");
        // every model absent from the state is dropped, includes too
        assertThat(document.getRootElement().getChild("world").getChildren())
                .extracting(Element::getName)
                .doesNotContain("include")
                .containsOnlyOnce("model");
        assertThat(document.getDescendants(Filters.comment()).iterator().hasNext())
                .isFalse();
    }

    @Test
    void anUnchangedWorldReadsBackTheSame() throws IOException {
        WorldSpec saved = writeAndRead(world, WorldState.unchanged(world));

        assertSameWorld(saved, world);
        assertThat(saved.roads()).isEqualTo(world.roads());
        assertPose(saved.guiCameraPose().orElseThrow(), world.guiCameraPose().orElseThrow(), "gui camera");
    }

    @Test
    void aModelRemovedAndSpawnedAgainUnderItsNameIsWrittenOnce() throws IOException {
        String snippet = "<model name='doomed'><link name='reborn'/></model>";
        List<ModelSnapshot> models = new ArrayList<>(WorldState.unchanged(world).models());
        models.removeIf(m -> m.name().equals("doomed"));
        models.add(
                ModelSnapshot.spawned(reader.readModel(snippet, "spawn"), snippet, Pose.of(0, 0, 9, 0, 0, 0), false));

        WorldSpec saved = writeAndRead(world, new WorldState(Optional.empty(), models, Optional.empty()));

        assertThat(saved.models()).extracting(ModelSpec::name).containsOnlyOnce("doomed");
        assertThat(saved.model("doomed").orElseThrow().links())
                .extracting(LinkSpec::name)
                .containsExactly("reborn");
        assertThat(saved.model("doomed").orElseThrow().pose().z()).isEqualTo(9);
    }

    @Test
    void aModelNeitherInTheFileNorSpawnedIsRefused() {
        WorldState state = new WorldState(
                Optional.empty(), List.of(ModelSnapshot.loaded("ghost", Pose.IDENTITY, false)), Optional.empty());

        assertThatThrownBy(() -> new SdfWriter().write(world, state))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'ghost'")
                .hasMessageContaining("world.sdf");
    }

    @Test
    void aCameraAndRoadsAreAddedWhenTheFileHasNone() throws IOException {
        Path file = dir.resolve("plain.sdf");
        Files.writeString(file, """
                <sdf version="1.6"><world name="plain">
                  <model name="box"><pose>0 0 1 0 0 0</pose><link name="l"/></model>
                </world></sdf>
                """);
        WorldSpec plain = reader.read(file);
        Pose camera = Pose.of(1, 2, 3, 0.1, 0.2, 0.3);
        RoadSpec road = new RoadSpec("new_road", 3, List.of(new Vec3(0, 0, 0), new Vec3(1, 1, 0)));
        WorldState state =
                new WorldState(Optional.of(camera), WorldState.unchanged(plain).models(), Optional.of(List.of(road)));

        WorldSpec saved = writeAndRead(plain, state);

        assertPose(saved.guiCameraPose().orElseThrow(), camera, "gui camera");
        assertThat(saved.roads()).containsExactly(road);
        assertSameWorld(saved, plain);
    }

    @Test
    void everyGzSimWorldReadsBackWithItsModelsAndPoses() throws IOException {
        List<Path> files = GzSimWorlds.files();
        assertThat(files).extracting(p -> p.getFileName().toString()).contains("3k_shapes.sdf", "shapes.sdf");
        for (Path file : files) {
            WorldSpec original = reader.read(file);

            WorldSpec saved = writeAndRead(original, WorldState.unchanged(original));

            assertSameWorld(saved, original);
            assertThat(saved.ignored()).as(file.toString()).hasSameSizeAs(original.ignored());
        }
    }

    @Test
    void relativeIncludesStillFindTheirModelFromTheSavedFile() throws IOException {
        Path crate = Files.createDirectories(dir.resolve("models/crate"));
        for (String name : List.of("model.config", "model.sdf")) {
            Files.copy(SAVE.resolve("models/crate").resolve(name), crate.resolve(name));
        }
        Path source = Files.createDirectories(dir.resolve("worlds")).resolve("relative.sdf");
        Files.writeString(source, """
                <sdf version="1.9"><world name="relative">
                  <include><uri>../models/crate</uri><pose>1 0 0 0 0 0</pose></include>
                  <include><uri>model://crate</uri><name>by_path</name></include>
                </world></sdf>
                """);
        WorldSpec original = reader.read(source);
        Path target = dir.resolve("worlds/runs/day1/saved.sdf");

        String text = new SdfWriter().write(original, WorldState.unchanged(original), target);
        Files.createDirectories(target.getParent());
        Files.writeString(target, text);
        WorldSpec saved = reader.read(target);

        assertThat(saved.model("crate").orElseThrow().includeUri()).hasValue("../../../models/crate");
        assertThat(saved.model("by_path").orElseThrow().includeUri()).hasValue("model://crate");
        assertSameLinks(
                saved.model("crate").orElseThrow().links(),
                original.model("crate").orElseThrow().links(),
                "crate");
        assertPose(
                saved.model("crate").orElseThrow().pose(),
                original.model("crate").orElseThrow().pose(),
                "crate");
        // without a target the text stays as it was
        assertThat(new SdfWriter().write(original, WorldState.unchanged(original)))
                .contains("<uri>../models/crate</uri>");
    }

    @Test
    void numbersAreShortAndReadBackClose() {
        assertThat(SpecWriter.number(2.0)).isEqualTo("2");
        assertThat(SpecWriter.number(-0.0)).isEqualTo("0");
        assertThat(SpecWriter.number(0.1)).isEqualTo("0.1");
        assertThat(SpecWriter.number(0.1 + 0.2)).isEqualTo("0.3");
        assertThat(SpecWriter.number(-1.79769e308)).isEqualTo("-1.79769E+308");
        assertThat(SpecWriter.number(2.5e-8)).isEqualTo("2.5E-8");
        assertThat(SpecWriter.number(Math.PI)).isEqualTo("3.14159265358979");
        assertThatThrownBy(() -> SpecWriter.number(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        for (double v : new double[] {Math.PI, -1.79769e308, 2.5e-8, 1234567.891011, 1e-300}) {
            String once = SpecWriter.number(v);
            assertThat(Double.parseDouble(once)).isCloseTo(v, org.assertj.core.api.Assertions.withinPercentage(1e-12));
            assertThat(SpecWriter.number(Double.parseDouble(once)))
                    .as("saved again")
                    .isEqualTo(once);
        }
    }

    /** Same top-level models, poses, static flags and links. */
    static void assertSameWorld(WorldSpec actual, WorldSpec expected) {
        String what = expected.source().getFileName().toString();
        assertThat(actual.name()).isEqualTo(expected.name());
        assertThat(actual.models())
                .as(what)
                .extracting(ModelSpec::name, ModelSpec::isStatic)
                .containsExactlyElementsOf(expected.models().stream()
                        .map(m -> tuple(m.name(), m.isStatic()))
                        .toList());
        for (ModelSpec e : expected.models()) {
            ModelSpec a = actual.model(e.name()).orElseThrow();
            assertPose(a.pose(), e.pose(), what + " model " + e.name());
            assertSameLinks(a.links(), e.links(), what + " model " + e.name());
            assertThat(a.joints())
                    .as(what + " model " + e.name())
                    .usingRecursiveComparison()
                    .ignoringFieldsMatchingRegexes(".*sensors\\.line")
                    .isEqualTo(e.joints());
            assertThat(a.includeUri()).isEqualTo(e.includeUri());
        }
        assertThat(actual.plugins()).hasSameSizeAs(expected.plugins());
        assertThat(actual.physics()).isEqualTo(expected.physics());
        assertThat(actual.scene()).as(what).isEqualTo(expected.scene());
        assertThat(actual.lights())
                .as(what)
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("line")
                .isEqualTo(expected.lights());
        assertThat(actual.gravity()).isEqualTo(expected.gravity());
    }
}
