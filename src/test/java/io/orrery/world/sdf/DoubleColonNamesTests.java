package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.PluginSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.WorldState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gazebo's parser takes element names XML cannot hold, such as {@code <gz::system_priority>} in Gazebo's own
 * sensors.sdf: Orrery reads them, keeps their names, honours the priority, and writes them back as they were.
 */
class DoubleColonNamesTests {

    private static final String WORLD = """
            <sdf version="1.10">
              <world name="w">
                <plugin filename="gz-sim-forcetorque-system" name="gz::sim::systems::ForceTorque">
                  <gz::system_priority>10</gz::system_priority>
                  <gz::custom kind="a">text with a :: inside</gz::custom>
                </plugin>
              </world>
            </sdf>
            """;

    @TempDir
    Path dir;

    @Test
    void anElementNamedWithDoubleColonsIsReadKeptAndWrittenBack() throws Exception {
        Path file = dir.resolve("w.sdf");
        Files.writeString(file, WORLD);

        WorldSpec world = new SdfReader(List.of()).read(file);

        PluginSpec plugin = world.plugins().get(0);
        assertThat(plugin.priority()).hasValue(10);
        assertThat(plugin.parameters()).extracting(p -> p.name()).containsExactly("gz::system_priority", "gz::custom");
        assertThat(plugin.parameters().get(1).text()).isEqualTo("text with a :: inside");

        String written =
                new SdfWriter().write(world, new WorldState(world.guiCameraPose(), List.of(), Optional.empty()), file);

        assertThat(written)
                .contains("<gz::system_priority>10</gz::system_priority>")
                .contains("<gz::custom kind=\"a\">text with a :: inside</gz::custom>")
                .doesNotContain(LenientNamespaceFilter.DOUBLE_COLON);
    }
}
