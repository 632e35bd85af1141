package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.world.IgnoredElement;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * orrery.sdf.unsupported: in {@code warn} (the default) a world holding what Orrery does not simulate loads and lists
 * each such element with its file and line; in {@code fail} the first element that changes the simulation refuses
 * the world or spawn at its file and line, and what only draws (lights, visuals) still loads. The world is
 * src/test/resources/worlds/unsupported.sdf: a light, a visual, a polyline collision at line 17 and a joint spring
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
                        org.assertj.core.groups.Tuple.tuple("polyline", 17),
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
                .hasMessageContaining("model 'robot' link 'body' collision 'hull': <polyline> is not simulated by"
                        + " Orrery and orrery.sdf.unsupported is fail (2 such element(s): 1 polyline, 1"
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
}
