package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The corpus of bad files under sdf/bad: each fails with an SdfException at the right place, naming the problem. */
class SdfReaderBadInputTests {

    static final Path BAD = Path.of("src/test/resources/sdf/bad");
    static final Path MODELS = Path.of("src/test/resources/sdf/models");
    static final int ANY_COLUMN = -1;

    final SdfReader reader = new SdfReader(List.of(MODELS));

    static Stream<Arguments> corpus() {
        return Stream.of(
                // file, line, column, what the message must say
                Arguments.of("truncated.sdf", 6, 28, List.of("malformed XML")),
                Arguments.of("xxe.sdf", 2, 10, List.of("DOCTYPE is not allowed")),
                Arguments.of("billion_laughs.sdf", 2, 10, List.of("DOCTYPE is not allowed")),
                Arguments.of(
                        "negative_mass.sdf",
                        7,
                        17,
                        List.of("model 'box1' link 'link'", "<mass> must be a positive number", "'-3'")),
                Arguments.of("nan_mass.sdf", 7, 17, List.of("model 'box1'", "<mass> must be a number", "'NaN'")),
                Arguments.of(
                        "negative_atmosphere_temperature.sdf",
                        5,
                        20,
                        List.of("<temperature> must be a positive number", "'-5'")),
                Arguments.of("missing_model_name.sdf", 4, 12, List.of("<model> needs a name attribute")),
                Arguments.of(
                        "missing_joint_type.sdf",
                        7,
                        23,
                        List.of("model 'arm' joint 'j'", "<joint> needs a type attribute")),
                Arguments.of("unknown_geometry.sdf", 8, 20, List.of("unknown geometry <blob>", "expected one of box")),
                Arguments.of("empty_geometry.sdf", 7, 22, List.of("<geometry> is empty")),
                Arguments.of(
                        "duplicate_models.sdf",
                        7,
                        24,
                        List.of("duplicate model name 'twin'", "first defined at line 4")),
                Arguments.of("duplicate_links.sdf", 6, 26, List.of("model 'm'", "duplicate link name 'same'")),
                Arguments.of(
                        "bad_relative_to.sdf",
                        7,
                        31,
                        List.of(
                                "link 'b'",
                                "relative_to name[z] specified by link with name[b] does not match a"
                                        + " nested model, link, joint, or frame name in model with name[m].")),
                Arguments.of(
                        "remote_include.sdf",
                        5,
                        12,
                        List.of(
                                "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Ambulance",
                                "is not in the Fuel cache",
                                "never downloads")),
                Arguments.of(
                        "missing_include.sdf",
                        5,
                        12,
                        List.of("include 'model://no_such_model': not found in the model path (1 directory)")),
                Arguments.of("short_pose.sdf", 5, 13, List.of("model 'm'", "<pose> must have 6 numbers", "got 5")),
                Arguments.of("word_in_pose.sdf", 5, 13, List.of("<pose> must be a number, got 'three'")),
                Arguments.of("zero_axis.sdf", 10, 20, List.of("joint 'j'", "<axis><xyz> must not be the zero vector")),
                Arguments.of(
                        "negative_damping.sdf",
                        10,
                        50,
                        List.of("joint 'j'", "<damping> must be zero or more", "'-0.5'")),
                Arguments.of(
                        "joint_unknown_link.sdf",
                        8,
                        16,
                        List.of("Child frame with name[ghost] specified by joint"
                                + " with name[j] not found in model with name[m].")),
                Arguments.of("negative_radius.sdf", 7, 37, List.of("<radius> must be a positive number", "'-0.5'")),
                Arguments.of("old_version.sdf", 2, 20, List.of("SDF version '1.5' is not supported", "1.6 to 1.11")),
                Arguments.of("two_worlds.sdf", 4, 22, List.of("expected exactly one <world>", "found 2")),
                Arguments.of("no_world.sdf", 2, 20, List.of("expected exactly one <world>", "found 0")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void badFileFailsAtItsLineNamingTheProblem(String file, int line, int column, List<String> fragments) {
        Path path = BAD.resolve(file);
        SdfException e = catchThrowableOfType(SdfException.class, () -> reader.read(path));
        assertThat(e).as("reading %s must fail with an SdfException", file).isNotNull();
        assertThat(e.file()).isEqualTo(path.toAbsolutePath().normalize().toString());
        assertThat(e.line()).as("line of: %s", e.getMessage()).isEqualTo(line);
        if (column != ANY_COLUMN) {
            assertThat(e.column()).as("column of: %s", e.getMessage()).isEqualTo(column);
        }
        assertThat(e.getMessage()).startsWith(e.file() + ":" + line + ":" + e.column() + ": ");
        assertThat(e.detail()).contains(fragments);
    }

    @Test
    void externalEntityContentNeverAppears() {
        SdfException e = catchThrowableOfType(SdfException.class, () -> reader.read(BAD.resolve("xxe.sdf")));
        assertThat(e.getMessage()).doesNotContain("root:").doesNotContain("/bin/");
        assertThat(e.getCause() == null ? "" : String.valueOf(e.getCause().getMessage()))
                .doesNotContain("root:");
    }

    @Test
    void entitiesInASnippetAreRefusedToo() {
        assertThatThrownBy(() -> reader.readModel("""
                <!DOCTYPE model [<!ENTITY x SYSTEM "file:///etc/passwd">]>
                <model name="&x;"/>
                """, "spawn"))
                .isInstanceOfSatisfying(
                        SdfException.class, e -> assertThat(e.line()).isEqualTo(1))
                .hasMessageContaining("DOCTYPE is not allowed")
                .hasMessageNotContaining("root:");
    }

    @Test
    void elementsNestedDeeperThanTheLimitFailAtTheElementThatGoesTooDeep() {
        SdfReader limited = new SdfReader(List.of(), new SdfLimits(1 << 20, 10, 100));
        String nested = "<model name='m'>".repeat(10_000) + "</model>".repeat(10_000);
        assertThatThrownBy(() -> limited.readModel(nested, "spawn"))
                .isInstanceOfSatisfying(SdfException.class, e -> {
                    assertThat(e.file()).isEqualTo("spawn");
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.column()).isEqualTo(11 * 16 + 1); // just after the 11th <model ...>
                })
                .hasMessageContaining("deeper than 10 levels")
                .hasMessageContaining("orrery.sdf.max-depth");
        // the default limit (100) holds the stack too: 10,000 nested models are an SdfException, not a crash
        assertThatThrownBy(() -> reader.readModel(nested, "spawn"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("deeper than 100 levels");
    }

    @Test
    void moreModelsThanTheLimitFailAtTheFirstOneTooMany() {
        SdfReader limited = new SdfReader(List.of(), new SdfLimits(1 << 20, 100, 3));
        String model = "<model name='m%d'><link name='l'/></model>\n";
        String world =
                "<sdf version='1.9'><world name='w'>\n" + String.format(model.repeat(4), 1, 2, 3, 4) + "</world></sdf>";
        SdfException e = catchThrowableOfType(
                SdfException.class,
                () -> limited.readModel(
                        "<model name='a'><model name='b'><link name='l'/></model><model name='c'><model name='d'/></model>"
                                + "</model>",
                        "spawn"));
        assertThat(e.getMessage()).contains("model 'a::c::d'", "more than 3 models", "orrery.sdf.max-models");
        Path file = BAD.resolveSibling("limits_many_models.sdf");
        SdfException inWorld = catchThrowableOfType(SdfException.class, () -> limited.read(file, world.getBytes()));
        assertThat(inWorld.line()).isEqualTo(5);
        assertThat(inWorld.file()).isEqualTo(file.toAbsolutePath().normalize().toString());
    }

    @Test
    void aSpawnedModelMayIncludeOnlyModelsOfTheModelPath() {
        for (String uri : List.of("file:///etc/passwd", "/etc/passwd", "../../../../pom.xml", "sdf/full.sdf")) {
            assertThatThrownBy(() -> reader.readModel("<include><uri>" + uri + "</uri></include>", "spawn"))
                    .as(uri)
                    .isInstanceOf(SdfException.class)
                    .hasMessageContaining("not allowed in a spawned model")
                    .hasMessageContaining("model://");
        }
        assertThat(reader.readModel("<include><uri>model://plain_ball</uri></include>", "spawn")
                        .links())
                .isNotEmpty();
    }

    @Test
    void aRealTimeFactorAboveZeroButBelowOneThousandthIsRefused() {
        String world = "<sdf version='1.9'><world name='w'>\n<physics name='p' type='ode'>"
                + "<real_time_factor>1e-300</real_time_factor></physics></world></sdf>";
        assertThatThrownBy(() -> reader.read(BAD.resolveSibling("tiny.sdf"), world.getBytes()))
                .isInstanceOfSatisfying(
                        SdfException.class, e -> assertThat(e.line()).isEqualTo(2))
                .hasMessageContaining("must be 0 or at least 0.001");
        assertThat(reader.read(
                                BAD.resolveSibling("zero.sdf"),
                                world.replace("1e-300", "0").getBytes())
                        .physics()
                        .realTimeFactor())
                .isZero();
    }

    @Test
    void gzSimsPerformersAreReadAndItsLevelsListed() {
        String world = "<sdf version='1.9'><world name='w'>\n<model name='car'><link name='l'/></model>\n"
                + "<plugin name='gz::sim' filename='dummy'>\n<performer name='p'><ref>car</ref>"
                + "<geometry><box><size>2 3 4</size></box></geometry></performer>\n"
                + "<level name='l1'><ref>car</ref></level></plugin></world></sdf>";
        io.orrery.world.WorldSpec spec = reader.read(BAD.resolveSibling("levels.sdf"), world.getBytes());
        assertThat(spec.performers())
                .containsExactly(new io.orrery.world.PerformerSpec("p", "car", new io.orrery.world.Vec3(2, 3, 4), 4));
        assertThat(spec.ignored()).anySatisfy(i -> assertThat(i.element()).isEqualTo("level"));
    }

    @Test
    void aPerformerWithoutItsRefOrABoxIsRefusedWhereItIs() {
        String noRef = "<sdf version='1.9'><world name='w'>\n<plugin name='gz::sim' filename='dummy'>\n"
                + "<performer name='p'><geometry><box><size>2 2 2</size></box></geometry></performer>"
                + "</plugin></world></sdf>";
        assertThatThrownBy(() -> reader.read(BAD.resolveSibling("noref.sdf"), noRef.getBytes()))
                .isInstanceOfSatisfying(
                        SdfException.class, e -> assertThat(e.line()).isEqualTo(3))
                .hasMessageContaining("noref.sdf")
                .hasMessageContaining("performer 'p'")
                .hasMessageContaining("needs a <ref>");
        String sphere = noRef.replace("<geometry>", "<ref>car</ref><geometry>")
                .replace("<box><size>2 2 2</size></box>", "<sphere><radius>1</radius></sphere>");
        assertThatThrownBy(() -> reader.read(BAD.resolveSibling("sphere.sdf"), sphere.getBytes()))
                .isInstanceOfSatisfying(
                        SdfException.class, e -> assertThat(e.line()).isEqualTo(3))
                .hasMessageContaining("needs <geometry><box><size>");
    }
}
