package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import io.orrery.world.Color;
import io.orrery.world.Geometry;
import io.orrery.world.IgnoredElement;
import io.orrery.world.LightSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.MaterialSpec;
import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.SceneSpec;
import io.orrery.world.Vec3;
import io.orrery.world.VisualSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.WorldState;
import io.orrery.world.mesh.TestMeshes;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Visuals, materials, lights and the scene, read for cameras; written back by saves; bad values refused in place. */
class VisualsSdfTests {

    static final double EPS = 1e-12;

    @TempDir
    Path dir;

    final SdfReader reader = new SdfReader(List.of());

    static final String WORLD = """
            <sdf version="1.11">
              <world name="lit">
                <scene><ambient>0.2 0.3 0.4</ambient><background>0.5 0.6 0.7 1</background><shadows>false</shadows></scene>
                <light type="directional" name="sun">
                  <pose>0 0 10 0 0 0</pose>
                  <diffuse>0.8 0.8 0.8 1</diffuse>
                  <specular>0.2 0.2 0.2 1</specular>
                  <attenuation><range>1000</range><constant>0.9</constant><linear>0.01</linear><quadratic>0.001</quadratic></attenuation>
                  <direction>-0.5 0.1 -0.9</direction>
                  <cast_shadows>true</cast_shadows>
                </light>
                <light type="spot" name="torch">
                  <pose>1 2 3 0 0 0</pose>
                  <intensity>2</intensity>
                  <spot><inner_angle>0.5</inner_angle><outer_angle>1.0</outer_angle><falloff>2</falloff></spot>
                </light>
                <light name="bulb"/>
                <model name="crate">
                  <frame name="corner" attached_to="body"><pose relative_to="body">0.5 0.5 0.5 0 0 0</pose></frame>
                  <link name="body">
                    <pose>0 0 1 0 0 0</pose>
                    <visual name="paint">
                      <pose>0.1 0 0 0 0 0.5</pose>
                      <geometry><box><size>1 2 3</size></box></geometry>
                      <material>
                        <ambient>1 0 0 1</ambient><diffuse>0 1 0</diffuse><specular>0.1 0.1 0.1 1</specular>
                        <emissive>0 0 0.5 1</emissive><shininess>20</shininess><double_sided>true</double_sided>
                      </material>
                      <transparency>0.25</transparency>
                      <cast_shadows>false</cast_shadows>
                      <visibility_flags>4</visibility_flags>
                      <plugin filename="gz-sim-label-system" name="gz::sim::systems::Label"><label>7</label></plugin>
                    </visual>
                    <visual name="badge">
                      <pose relative_to="corner">0 0 0 0 0 0</pose>
                      <geometry><sphere><radius>0.1</radius></sphere></geometry>
                      <material><script><uri>file://media/materials/scripts/gazebo.material</uri><name>Gazebo/Grey</name></script></material>
                    </visual>
                    <visual name="plain"><geometry><cylinder><radius>0.2</radius><length>1</length></cylinder></geometry></visual>
                    <light type="point" name="lamp"><pose>0 0 0.5 0 0 0</pose><diffuse>1 0.5 0 1</diffuse></light>
                  </link>
                  <plugin filename="ignition-gazebo-label-system" name="ignition::gazebo::systems::Label"><label>20</label></plugin>
                </model>
              </world>
            </sdf>
            """;

    WorldSpec read(String text) throws IOException {
        Path file = dir.resolve("world.sdf");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return reader.read(file);
    }

    static LinkSpec link(WorldSpec world, String model) {
        return world.model(model).orElseThrow().links().get(0);
    }

    static VisualSpec visual(LinkSpec link, String name) {
        return link.visuals().stream()
                .filter(v -> v.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void visualsAreReadWithTheirPosesGeometryMaterialAndSettings() throws IOException {
        LinkSpec body = link(read(WORLD), "crate");

        assertThat(body.visuals()).extracting(VisualSpec::name).containsExactly("paint", "badge", "plain");
        VisualSpec paint = visual(body, "paint");
        assertThat(paint.pose()).isEqualTo(Pose.of(0.1, 0, 0, 0, 0, 0.5));
        assertThat(paint.geometry()).isEqualTo(new Geometry.Box(new Vec3(1, 2, 3)));
        MaterialSpec material = paint.material().orElseThrow();
        assertThat(material.ambient()).isEqualTo(Color.rgb(1, 0, 0));
        assertThat(material.diffuse()).isEqualTo(Color.rgb(0, 1, 0)); // three numbers: alpha 1
        assertThat(material.specular()).isEqualTo(Color.grey(0.1));
        assertThat(material.emissive()).isEqualTo(Color.rgb(0, 0, 0.5));
        assertThat(material.shininess()).isEqualTo(20);
        assertThat(material.doubleSided()).isTrue();
        assertThat(material.lighting()).isTrue();
        assertThat(paint.transparency()).isEqualTo(0.25);
        assertThat(paint.castShadows()).isFalse();
        assertThat(paint.visibilityFlags()).isEqualTo(4);
        // the visual's own label wins over its model's
        assertThat(paint.label()).hasValue(7);

        // relative_to a frame of the model: resolved into the link frame (the frame is 0.5 0.5 0.5 from the link)
        VisualSpec badge = visual(body, "badge");
        assertThat(badge.pose().position().minus(new Vec3(0.5, 0.5, 0.5)).length())
                .isLessThan(EPS);
        // Gazebo/Grey: gz-sim's gazebo.material colours in place of SDF's black defaults
        MaterialSpec grey = badge.material().orElseThrow();
        assertThat(grey.ambient()).isEqualTo(Color.grey(0.3));
        assertThat(grey.diffuse()).isEqualTo(Color.grey(0.7));
        assertThat(grey.specular()).isEqualTo(Color.grey(0.01));
        assertThat(grey.script().orElseThrow().name()).isEqualTo("Gazebo/Grey");
        // labelled by the model's label system
        assertThat(badge.label()).hasValue(20);

        VisualSpec plain = visual(body, "plain");
        assertThat(plain.material()).isEmpty();
        assertThat(plain.transparency()).isZero();
        assertThat(plain.castShadows()).isTrue();
        assertThat(plain.visibilityFlags()).isEqualTo(VisualSpec.ALL_VISIBILITY_FLAGS);
        assertThat(plain.label()).hasValue(20);
    }

    @Test
    void lightsAndTheSceneAreReadWithSdfDefaults() throws IOException {
        WorldSpec world = read(WORLD);

        assertThat(world.scene())
                .isEqualTo(new SceneSpec(Color.rgb(0.2, 0.3, 0.4), Color.rgb(0.5, 0.6, 0.7), false, true, true));
        assertThat(world.lights()).extracting(LightSpec::name).containsExactly("sun", "torch", "bulb");
        LightSpec sun = world.lights().get(0);
        assertThat(sun.type()).isEqualTo(LightSpec.Type.DIRECTIONAL);
        assertThat(sun.pose()).isEqualTo(Pose.translation(0, 0, 10));
        assertThat(sun.diffuse()).isEqualTo(Color.grey(0.8));
        assertThat(sun.specular()).isEqualTo(Color.grey(0.2));
        assertThat(sun.attenuation()).isEqualTo(new LightSpec.Attenuation(1000, 0.9, 0.01, 0.001));
        assertThat(sun.direction()).isEqualTo(new Vec3(-0.5, 0.1, -0.9));
        assertThat(sun.castShadows()).isTrue();
        LightSpec torch = world.lights().get(1);
        assertThat(torch.type()).isEqualTo(LightSpec.Type.SPOT);
        assertThat(torch.intensity()).isEqualTo(2);
        assertThat(torch.spot()).isEqualTo(new LightSpec.Spot(0.5, 1.0, 2));
        // SDF's defaults: a point light, white diffuse, 0.1 specular, range 10, constant 1, linear 1, down
        LightSpec bulb = world.lights().get(2);
        assertThat(bulb.type()).isEqualTo(LightSpec.Type.POINT);
        assertThat(bulb.diffuse()).isEqualTo(Color.WHITE);
        assertThat(bulb.specular()).isEqualTo(Color.grey(0.1));
        assertThat(bulb.intensity()).isEqualTo(1);
        assertThat(bulb.attenuation()).isEqualTo(LightSpec.Attenuation.DEFAULT);
        assertThat(bulb.direction()).isEqualTo(new Vec3(0, 0, -1));
        assertThat(bulb.castShadows()).isFalse();

        LightSpec lamp = link(world, "crate").lights().get(0);
        assertThat(lamp.name()).isEqualTo("lamp");
        assertThat(lamp.pose()).isEqualTo(Pose.translation(0, 0, 0.5)); // in the link frame
        assertThat(lamp.diffuse()).isEqualTo(Color.rgb(1, 0.5, 0));
    }

    @Test
    void aWorldWithoutSceneOrLightsHasSdfDefaults() throws IOException {
        WorldSpec world = read("<sdf version='1.6'><world name='w'/></sdf>");

        assertThat(world.scene()).isEqualTo(SceneSpec.DEFAULT);
        assertThat(world.scene().ambient()).isEqualTo(Color.grey(0.4));
        assertThat(world.scene().background()).isEqualTo(Color.grey(0.7));
        assertThat(world.lights()).isEmpty();
    }

    @Test
    void visualsLightsAndTheSceneAreStillListedAsDisplayOnly() throws IOException {
        WorldSpec world = read(WORLD);

        assertThat(world.ignored())
                .filteredOn(i -> List.of("visual", "light", "scene").contains(i.element()))
                .extracting(IgnoredElement::element)
                .containsExactlyInAnyOrder("scene", "light", "light", "light", "visual", "visual", "visual", "light");
        assertThat(world.ignored())
                .filteredOn(i -> List.of("visual", "light", "scene").contains(i.element()))
                .noneMatch(IgnoredElement::affectsSimulation);
    }

    @Test
    void anIncludesLabelPluginLabelsTheIncludedModelsVisuals() throws IOException {
        Path models = Files.createDirectories(dir.resolve("models/tag"));
        Files.writeString(models.resolve("model.sdf"), """
                <sdf version="1.9"><model name="tag"><link name="l">
                  <visual name="v"><geometry><box><size>1 1 1</size></box></geometry></visual>
                </link></model></sdf>""");
        Path file = dir.resolve("include.sdf");
        Files.writeString(file, """
                <sdf version="1.9"><world name="w">
                  <include><uri>model://tag</uri>
                    <plugin filename="gz-sim-label-system" name="gz::sim::systems::Label"><label>30</label></plugin>
                  </include>
                </world></sdf>""");

        WorldSpec world = new SdfReader(List.of(dir.resolve("models"))).read(file);

        assertThat(visual(link(world, "tag"), "v").label()).hasValue(30);
    }

    @Test
    void aVisualMeshThatCannotBeFoundIsNotDrawnButTheWorldLoads() throws IOException {
        WorldSpec world = read("""
                <sdf version="1.9"><world name="w"><model name="m"><link name="l">
                  <collision name="c"><geometry><box><size>1 1 1</size></box></geometry></collision>
                  <visual name="v"><geometry><mesh><uri>meshes/missing.dae</uri></mesh></geometry></visual>
                </link></model></world></sdf>""");

        VisualSpec v = visual(link(world, "m"), "v");
        assertThat(v.geometry()).isInstanceOfSatisfying(Geometry.Unsupported.class, u -> {
            assertThat(u.kind()).isEqualTo("mesh");
            assertThat(u.detail()).contains("'meshes/missing.dae' not found");
        });
    }

    @Test
    void aVisualWithoutGeometryIsNotDrawnButTheWorldLoads() throws IOException {
        WorldSpec world = read("<sdf version='1.9'><world name='w'><model name='m'><link name='l'>"
                + "<visual name='v'/></link></model></world></sdf>");

        assertThat(visual(link(world, "m"), "v").geometry())
                .isEqualTo(new Geometry.Unsupported("empty", "no <geometry>"));
    }

    @Test
    void aVisualMeshAndAnAlbedoMapAreReadFromTheirFiles() throws IOException {
        TestMeshes.binaryStl(
                dir.resolve("cube.stl"),
                TestMeshes.boxVertices(new float[] {-1, -1, -1}, new float[] {1, 1, 1}),
                TestMeshes.boxTriangles());
        ImageIO.write(
                new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB),
                "png",
                dir.resolve("albedo.png").toFile());

        WorldSpec world = read("""
                <sdf version="1.9"><world name="w"><model name="m"><link name="l">
                  <visual name="v">
                    <geometry><mesh><uri>cube.stl</uri><scale>0.5 0.5 0.5</scale></mesh></geometry>
                    <material><pbr><metal><albedo_map>albedo.png</albedo_map><roughness>0.3</roughness></metal></pbr></material>
                  </visual>
                  <visual name="lost">
                    <geometry><box/></geometry>
                    <material><pbr><metal><albedo_map>nowhere.png</albedo_map></metal></pbr></material>
                  </visual>
                </link></model></world></sdf>""");

        VisualSpec v = visual(link(world, "m"), "v");
        assertThat(v.geometry()).isInstanceOfSatisfying(Geometry.Mesh.class, m -> {
            assertThat(m.triangles().triangleCount()).isEqualTo(12);
            assertThat(m.triangles().max()).containsExactly(0.5f, 0.5f, 0.5f);
        });
        MaterialSpec material = v.material().orElseThrow();
        assertThat(material.albedoFile()).hasValue(dir.resolve("albedo.png").toAbsolutePath());
        // an albedo map without a <diffuse>: the map alone colours the surface
        assertThat(material.diffuse()).isEqualTo(Color.WHITE);
        assertThat(material.pbr().orElseThrow().roughness()).hasValue(0.3);
        // a texture that is not there: drawn without it, the world still loads
        MaterialSpec lost = visual(link(world, "m"), "lost").material().orElseThrow();
        assertThat(lost.pbr().orElseThrow().albedoMap().orElseThrow().uri()).isEqualTo("nowhere.png");
        assertThat(lost.albedoFile()).isEmpty();
    }

    /**
     * gz-sim's own visibility.sdf writes its flags and masks in hexadecimal ({@code 0x01}), which sdformat reads for
     * unsigned numbers: each shape's flag is the one bit its comment names.
     */
    @Test
    void gzSimsVisibilityWorldWritesItsFlagsInHexadecimal() {
        WorldSpec world = reader.read(Path.of("src/test/resources/worlds/gz-sim-examples/visibility.sdf"));
        assertThat(visual(link(world, "box"), "box_visual").visibilityFlags()).isEqualTo(0x01);
        assertThat(visual(link(world, "cylinder"), "cylinder_visual").visibilityFlags())
                .isEqualTo(0x02);
        assertThat(visual(link(world, "sphere"), "sphere_visual").visibilityFlags())
                .isEqualTo(0x04);
        assertThat(visual(link(world, "ground_plane"), "visual").visibilityFlags())
                .isEqualTo(VisualSpec.ALL_VISIBILITY_FLAGS);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // what is inside the visual | line | column | what the message says
                "<plugin filename='gz-sim-label-system' name='x'><label>256</label></plugin>|3|12|<label> must be a whole number from 0 to 255, got '256'",
                "<plugin filename='gz-sim-label-system' name='x'><label>-1</label></plugin>|3|12|got '-1'",
                "<plugin filename='libgz-sim8-label-system.so' name='x'/>|2|59|the label system needs a <label>",
                // gz-sim's thermal system: Gazebo logs "Neither <temperature> or <heat_signature>"; Orrery refuses
                "<plugin filename='gz-sim-thermal-system' name='x'/>|2|54|the thermal system needs a <temperature> (kelvin) or a <heat_signature>",
                "<plugin filename='gz-sim-thermal-system' name='x'><temperature>hot</temperature></plugin>|2|66|<temperature> must be a number of kelvin, got 'hot'",
                "<plugin filename='gz-sim-thermal-system' name='x'><heat_signature> </heat_signature></plugin>|2|69|<heat_signature> must name a texture file",
                "<transparency>1.5</transparency>|2|17|<transparency> must be from 0 to 1, got '1.5'",
                "<visibility_flags>-4</visibility_flags>|2|21|<visibility_flags> must be a whole number from 0 to 4294967295",
                "<visibility_flags>0x100000000</visibility_flags>|2|21|(or 0x0 to 0xFFFFFFFF), got '0x100000000'",
                "<visibility_flags>0x</visibility_flags>|2|21|got '0x'",
                "<material><diffuse>1 0</diffuse></material>|2|22|<diffuse> must be a colour of 3 or 4 numbers",
                "<material><ambient>1 0 x</ambient></material>|2|22|<ambient> must be a number, got 'x'",
                "<material><script><uri>x</uri></script></material>|2|21|<script> needs a <name>",
                "<material><pbr><metal><roughness>2</roughness></metal></pbr></material>|2|36|<roughness> must be from 0 to 1",
            })
    void aBadVisualValueIsRefusedWithItsPlace(String inside, int line, int column, String message) {
        // line 1 opens the visual, the value is on line 2 (a label's on line 3); columns are where its start tag ends
        String visual = "<visual name='v'><geometry><box/></geometry>\n  "
                + inside.replace("><label>", ">\n    <label>") + "\n</visual>";
        SdfException e = catchThrowableOfType(
                SdfException.class,
                () -> reader.readModel("<model name='m'><link name='l'>" + visual + "</link></model>", "bad visual"));

        assertThat(e).as(inside).isNotNull();
        assertThat(e.file()).isEqualTo("bad visual");
        assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
        assertThat(e.column()).as(e.getMessage()).isEqualTo(column);
        assertThat(e.detail()).contains("model 'm' link 'l' visual 'v'").contains(message);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "<light name='l' type='laser'/>|type=\"laser\" is not a light type",
                "<light name='l'><direction>0 0 0</direction></light>|<direction> must not be the zero vector",
                "<light name='l'><attenuation><range>-1</range></attenuation></light>|<range> must be zero or more",
                "<light name='l'><spot><outer_angle>7</outer_angle></spot></light>|<outer_angle> must be from 0 to",
                "<light name='l'><pose relative_to='m'>0 0 0 0 0 0</pose></light>|relative_to='m' is not supported",
                "<light name='l'><intensity>-2</intensity></light>|<intensity> must be zero or more",
                "<scene><background>0.1</background></scene>|<background> must be a colour of 3 or 4 numbers",
            })
    void aBadLightOrSceneIsRefusedWithItsPlace(String element, String message) {
        String text = "<sdf version='1.9'><world name='w'>\n" + element + "\n</world></sdf>";
        SdfException e = catchThrowableOfType(
                SdfException.class, () -> reader.read(dir.resolve("bad.sdf"), text.getBytes(StandardCharsets.UTF_8)));

        assertThat(e).as(element).isNotNull();
        assertThat(e.file()).endsWith("bad.sdf");
        assertThat(e.line()).as(e.getMessage()).isEqualTo(2);
        assertThat(e.column()).as(e.getMessage()).isPositive();
        assertThat(e.detail()).as(e.getMessage()).contains(message);
    }

    @Test
    void aModelSpawnedWithoutItsTextKeepsItsVisualsAndLightsWhenSaved() throws IOException {
        Path world = dir.resolve("empty.sdf");
        Files.writeString(world, "<sdf version='1.9'><world name='w'/></sdf>");
        WorldSpec empty = reader.read(world);
        ModelSpec crate = read(WORLD).model("crate").orElseThrow();
        WorldState state = new WorldState(
                Optional.empty(), List.of(ModelSnapshot.spawned(crate, Pose.IDENTITY, false)), Optional.empty());

        Path saved = dir.resolve("saved.sdf");
        Files.writeString(saved, new SdfWriter().write(empty, state), StandardCharsets.UTF_8);
        LinkSpec again = link(reader.read(saved), "crate");

        assertSameVisuals(again, crate.links().get(0), "crate");
    }

    @Test
    void aSavedWorldKeepsItsVisualsLightsAndScene() throws IOException {
        WorldSpec original = read(WORLD);

        Path saved = dir.resolve("saved.sdf");
        Files.writeString(saved, new SdfWriter().write(original, WorldState.unchanged(original)));
        WorldSpec again = reader.read(saved);

        assertThat(again.scene()).isEqualTo(original.scene());
        assertThat(again.lights())
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("line")
                .isEqualTo(original.lights());
        assertSameVisuals(link(again, "crate"), link(original, "crate"), "crate");
    }

    /** The same visuals and lights: poses within 1e-9, plugins by name and parameters, the rest equal. */
    static void assertSameVisuals(LinkSpec actual, LinkSpec expected, String what) {
        assertThat(actual.visuals()).as(what).hasSameSizeAs(expected.visuals());
        for (int i = 0; i < expected.visuals().size(); i++) {
            VisualSpec a = actual.visuals().get(i);
            VisualSpec e = expected.visuals().get(i);
            String visual = what + " visual " + e.name();
            SdfWriterTests.assertPose(a.pose(), e.pose(), visual);
            assertThat(a)
                    .as(visual)
                    .extracting(
                            VisualSpec::name,
                            VisualSpec::geometry,
                            VisualSpec::material,
                            VisualSpec::castShadows,
                            VisualSpec::transparency,
                            VisualSpec::laserRetro,
                            VisualSpec::visibilityFlags,
                            VisualSpec::label)
                    .containsExactly(
                            e.name(),
                            e.geometry(),
                            e.material(),
                            e.castShadows(),
                            e.transparency(),
                            e.laserRetro(),
                            e.visibilityFlags(),
                            e.label());
            assertThat(a.plugins())
                    .as(visual)
                    .extracting(PluginSpec::name, PluginSpec::filename, PluginSpec::parameters)
                    .containsExactlyElementsOf(e.plugins().stream()
                            .map(p -> tuple(p.name(), p.filename(), p.parameters()))
                            .toList());
        }
        assertThat(actual.lights()).as(what).hasSameSizeAs(expected.lights());
        for (int i = 0; i < expected.lights().size(); i++) {
            LightSpec a = actual.lights().get(i);
            LightSpec e = expected.lights().get(i);
            SdfWriterTests.assertPose(a.pose(), e.pose(), what + " light " + e.name());
            assertThat(a)
                    .as(what + " light " + e.name())
                    .usingRecursiveComparison()
                    .ignoringFields("pose", "line")
                    .isEqualTo(e);
        }
    }

    @Test
    void labelsOutsideVisualsAndModelsAreLeftAlone() throws IOException {
        // the label system on a world does nothing in Gazebo: it stays a world plugin
        WorldSpec world = read("""
                <sdf version="1.9"><world name="w">
                  <plugin filename="gz-sim-label-system" name="gz::sim::systems::Label"><label>5</label></plugin>
                  <model name="m"><link name="l"><visual name="v"><geometry><box/></geometry></visual></link></model>
                </world></sdf>""");

        assertThat(visual(link(world, "m"), "v").label()).isEqualTo(OptionalInt.empty());
        assertThat(world.plugins()).hasSize(1);
    }
}
