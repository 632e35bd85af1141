package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.orrery.world.IgnoredElement;
import io.orrery.world.PluginSpec;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * orrery.sdf.unsupported: in {@code warn} (the default) a world holding what Orrery does not simulate loads and lists
 * each such element with its file and line; in {@code fail} the first element that changes the simulation refuses
 * the world or spawn at its file and line, and what only draws (lights, visuals) still loads. The world is
 * src/test/resources/worlds/unsupported.sdf: a light, a visual, an image collision at line 17 and a joint spring
 * at line 26.
 */
class UnsupportedElementsTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/unsupported.sdf");

    @Test
    void warnListsEachElementWithItsFileAndLine() {
        WorldSpec world = new SdfReader(List.of()).read(WORLD);
        assertThat(world.ignored())
                .filteredOn(IgnoredElement::affectsSimulation)
                .extracting(IgnoredElement::element, IgnoredElement::line)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("image", 17),
                        org.assertj.core.groups.Tuple.tuple("spring_stiffness", 26));
        assertThat(world.ignored())
                .filteredOn(e -> !e.affectsSimulation())
                .extracting(IgnoredElement::element)
                .containsExactly("light", "visual");
    }

    @Test
    void failRefusesTheWorldAtItsFirstUnsupportedElement() {
        SdfReader strict = new SdfReader(List.of()).refusingUnsupported(true);
        assertThatThrownBy(() -> strict.read(WORLD))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("unsupported.sdf:17")
                .hasMessageContaining("model 'robot' link 'body' collision 'hull': <image> is not simulated by"
                        + " Orrery and orrery.sdf.unsupported is fail (2 such element(s): 1 image, 1"
                        + " spring_stiffness)");
    }

    @Test
    void failRefusesASpawnButLetsWhatOnlyDrawsThrough() {
        SdfReader strict = new SdfReader(List.of()).refusingUnsupported(true);
        assertThat(strict.readModel("""
                <model name='lamp'><link name='l'><visual name='v'><geometry><box><size>1 1 1</size></box>
                </geometry></visual><light name='bulb' type='point'/></link></model>""", "spawn request").name()).isEqualTo("lamp");
        assertThatThrownBy(() -> strict.readModel("""
                <model name='bot'><link name='l'><velocity_decay><linear>0.1</linear></velocity_decay></link>
                </model>""", "spawn request"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("<velocity_decay> is not simulated");
    }

    /** Unsupported plugins: gz-sim's log recorder (world) and a user's gripper library (model 'robot'). */
    static final Path PLUGINS_WORLD = Path.of("src/test/resources/worlds/unsupported_plugins.sdf");

    /** What the plugin registry answers for this world: DiffDrive runs, physics is Orrery's own step. */
    static final Predicate<PluginSpec> REGISTRY =
            p -> p.filename().equals("gz-sim-diff-drive-system") || p.filename().equals("gz-sim-physics-system");

    /**
     * Issue 35: a plugin the world names that Orrery does not run is listed by name, filename and owner, at its file,
     * line and column, and what Orrery runs or does itself is not.
     */
    @Test
    void warnListsEachPluginOrreryDoesNotRunByNameFilenameAndOwner() {
        WorldSpec world = new SdfReader(List.of()).simulatingPlugins(REGISTRY).read(PLUGINS_WORLD);
        assertThat(world.ignored())
                .filteredOn(e -> e.element().equals("plugin"))
                .extracting(IgnoredElement::where, IgnoredElement::line, IgnoredElement::affectsSimulation)
                .containsExactly(
                        tuple(
                                "world 'unsupported_plugins' plugin 'gz::sim::systems::LogPlayback' (filename"
                                        + " 'gz-sim-log-system')",
                                7,
                                true),
                        tuple("model 'robot' plugin 'acme::Gripper' (filename 'libacme_gripper.so')", 22, true));
        assertThat(world.ignored()).allSatisfy(e -> assertThat(e.column()).isPositive());
        // the plugins stay in the world, for the plugin host to report as UNSUPPORTED
        assertThat(world.plugins()).extracting(PluginSpec::filename).contains("gz-sim-log-system");
    }

    @Test
    void aReaderNotToldWhichPluginsExistListsNone() {
        assertThat(new SdfReader(List.of()).read(PLUGINS_WORLD).ignored())
                .extracting(IgnoredElement::element)
                .doesNotContain("plugin");
    }

    @Test
    void failRefusesTheWorldAtItsFirstUnsupportedPluginNamingFileLineAndColumn() {
        SdfReader strict = new SdfReader(List.of()).simulatingPlugins(REGISTRY).refusingUnsupported(true);
        WorldSpec listed = new SdfReader(List.of()).simulatingPlugins(REGISTRY).read(PLUGINS_WORLD);
        int column = listed.ignored().get(0).column();
        assertThatThrownBy(() -> strict.read(PLUGINS_WORLD))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("unsupported_plugins.sdf:7:" + column + ": ")
                .hasMessageContaining("world 'unsupported_plugins' plugin 'gz::sim::systems::LogPlayback' (filename"
                        + " 'gz-sim-log-system'): <plugin> is not simulated by Orrery and orrery.sdf.unsupported is"
                        + " fail (2 such element(s): 2 plugin)");
    }

    @Test
    void failRefusesASpawnedModelWithAPluginOrreryDoesNotRun() {
        SdfReader strict = new SdfReader(List.of()).simulatingPlugins(REGISTRY).refusingUnsupported(true);
        assertThatThrownBy(() -> strict.readModel("""
                <model name='bot'><link name='l'/>
                <plugin filename='gz-sim-thruster-system' name='gz::sim::systems::Thruster'/></model>""", "spawn request"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("spawn request:2:")
                .hasMessageContaining("plugin 'gz::sim::systems::Thruster' (filename 'gz-sim-thruster-system')");
    }
}
