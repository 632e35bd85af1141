package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.world.ModelSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Includes resolved offline: Fuel URLs from Gazebo's local Fuel cache layout (the newest version when none is
 * named), model.config naming several SDF files (libsdformat's pick), and a missing model's error naming every place
 * searched.
 */
class ModelsFoundOfflineTests {

    static final String URL = "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Ground Plane";

    static void model(Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(
                dir.resolve("model.config"), "<model><name>x</name><sdf version='1.9'>model.sdf</sdf></model>");
        Files.writeString(
                dir.resolve("model.sdf"),
                "<sdf version='1.9'><model name='" + name + "'><link name='l'/>" + "</model></sdf>");
    }

    static ModelSpec include(SdfReader reader, String uri) {
        return reader.readModel("<include><uri>" + uri + "</uri></include>", "spawn request");
    }

    @Test
    void aFuelUrlReadsTheNewestCachedVersionOrTheOneNamed(@TempDir Path cache) throws IOException {
        // gz-fuel-tools lower-cases owner and name on disk; versions are numbered directories
        Path models = cache.resolve("fuel.gazebosim.org/openrobotics/models/ground plane");
        model(models.resolve("1"), "v1");
        model(models.resolve("2"), "v2");
        model(models.resolve("10"), "v10");
        SdfReader reader = new SdfReader(List.of()).withFuelCache(cache);
        assertThat(include(reader, URL).name()).isEqualTo("v10");
        assertThat(include(reader, URL + "/2").name()).isEqualTo("v2");
        assertThat(include(reader, URL.replace("Ground Plane", "ground%20plane") + "/tip")
                        .name())
                .isEqualTo("v10");
        assertThat(include(reader, URL).includeUri()).hasValue(URL);
    }

    @Test
    void aFuelModelNotInTheCacheIsAnErrorNamingWhereInTheCache(@TempDir Path cache) {
        SdfReader reader = new SdfReader(List.of()).withFuelCache(cache);
        assertThatThrownBy(() -> include(reader, URL + "/3"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining(URL + "/3")
                .hasMessageNotContaining(cache.toString()) // relative to the cache, not the server's path (issue 33)
                .hasMessageContaining("GZ_FUEL_CACHE_PATH")
                .hasMessageContaining("fuel.gazebosim.org/openrobotics/models/ground plane/3")
                .hasMessageContaining("never downloads");
        assertThatThrownBy(() -> include(reader, "https://fuel.gazebosim.org/1.0/a/models/.."))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("must be one plain path segment");
        assertThatThrownBy(() -> include(reader, "https://example.com/some.sdf"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("not a Fuel model URL");
    }

    @Test
    void aMissingModelSaysWhereItWasSearchedWithoutTheServersPaths(
            @TempDir Path a, @TempDir Path b, @TempDir Path cache) {
        SdfReader reader = new SdfReader(List.of(a, b)).withFuelCache(cache);
        assertThatThrownBy(() -> include(reader, "model://nowhere"))
                .isInstanceOf(SdfException.class)
                .hasMessageContaining("model://nowhere")
                .hasMessageContaining("not found in the model path (2 directories) and the Fuel cache")
                .hasMessageNotContaining(a.toString())
                .hasMessageNotContaining(b.toString())
                .hasMessageNotContaining(cache.toString());
    }

    @Test
    void modelConfigPicksTheHighestVersionLibsdformatReads(@TempDir Path path) throws IOException {
        // as the TurtleBot3 burger ships: SDF 1.4 and 1.5 listed, libsdformat takes 1.5 (the file itself is 1.8);
        // 1.12 is newer than Orrery reads and is passed over as libsdformat passes over versions above its own
        Path dir = Files.createDirectories(path.resolve("bot"));
        Files.writeString(dir.resolve("model.config"), """
                <model><name>bot</name>
                  <sdf version="1.4">old.sdf</sdf>
                  <sdf version="1.5">model.sdf</sdf>
                  <sdf version="1.12">future.sdf</sdf>
                </model>""");
        Files.writeString(dir.resolve("old.sdf"), "<sdf version='1.4'><model name='old'/></sdf>");
        Files.writeString(dir.resolve("future.sdf"), "<sdf version='1.12'><model name='future'/></sdf>");
        Files.writeString(
                dir.resolve("model.sdf"), "<sdf version='1.8'><model name='bot'><link name='l'/></model>" + "</sdf>");
        assertThat(include(new SdfReader(List.of(path)), "model://bot").name()).isEqualTo("bot");
    }
}
