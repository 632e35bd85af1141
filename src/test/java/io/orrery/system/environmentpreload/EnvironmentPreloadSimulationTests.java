package io.orrery.system.environmentpreload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginOwner;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.system.gazebo.EnvironmentalData;
import io.orrery.topic.TopicBus;
import io.orrery.world.PluginSpec;
import io.orrery.world.SphericalCoordinates;
import io.orrery.world.Vec3;
import io.orrery.world.Wgs84;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gz-sim's {@code test/integration/environment_preload_system.cc} re-expressed over its own world,
 * {@code environmental_data.sdf.in} (vendored in {@code worlds/gz-sim-tests}, its {@code @CMAKE_SOURCE_DIR@} replaced
 * as CMake configures it) and its CSV: humidity on a 2 x 2 grid of latitude and longitude (degrees) at two times.
 * Gazebo's test reads the loaded component from a test system; here the plugin is woken over the world as read and
 * its data looked up the same way, with the .cc's point, time and tolerance (89.5 ± 1e-6: the mean of the four corners
 * at both times, 90 and 89, half way between them). That the component reaches a running world's sensors is
 * {@code EnvironmentalSensorSimulationTests}'.
 */
class EnvironmentPreloadSimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");
    static final double TIME = 1658923062.5;

    @TempDir
    Path dir;

    @Test
    void canPreload() throws IOException {
        WorldSpec world = new SdfReader(List.of()).read(world());
        EnvironmentalData data = load(world).data();

        assertThat(data.has("humidity")).isTrue();
        assertThat(data.reference()).isEqualTo(EnvironmentalData.Reference.SPHERICAL);
        assertThat(data.lookUp("humidity", TIME, 36.80079505, -121.789472517, 0.8)
                        .orElse(0))
                .isCloseTo(89.5, within(1e-6));
    }

    @Test
    void correctSphericalTransform() throws IOException {
        WorldSpec world = new SdfReader(List.of()).read(world());
        EnvironmentalData data = load(world).data();
        Wgs84 earth = new Wgs84(world.sphericalCoordinates().orElse(SphericalCoordinates.DEFAULT));

        double[] at = data.coordinates(new Vec3(0, 0, 0.8), earth);
        assertThat(data.lookUp("humidity", TIME, at[0], at[1], at[2]).orElse(0)).isCloseTo(89.5, within(1e-6));
    }

    @Test
    void aMalformedRowIsRefusedNamingTheFileAndLine() throws IOException {
        Path csv = Files.writeString(dir.resolve("bad.csv"), "t,humidity,x,y,z\n0,1,0,0,0\n0,wet,1,0,0\n");
        Path world = worldWith(csv, "");
        assertThatThrownBy(() -> load(new SdfReader(List.of()).read(world)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(csv + ":3:")
                .hasMessageContaining("'humidity'")
                .hasMessageContaining("'wet'");
    }

    @Test
    void aRowOfTheWrongWidthIsRefusedNamingTheFileAndLine() throws IOException {
        Path csv = Files.writeString(dir.resolve("short.csv"), "t,humidity,x,y,z\n0,1,0,0,0\n\n0,1,0\n");
        Path world = worldWith(csv, "");
        assertThatThrownBy(() -> load(new SdfReader(List.of()).read(world)))
                .hasMessageContaining(csv + ":4:")
                .hasMessageContaining("3 values, the header names 5 columns");
    }

    @Test
    void anEcefReferenceIsRefusedNamingThePluginAndLine() throws IOException {
        Path csv = Files.writeString(dir.resolve("ok.csv"), "t,humidity,x,y,z\n0,1,0,0,0\n");
        Path world = worldWith(csv, " reference=\"ecef\"");
        assertThatThrownBy(() -> load(new SdfReader(List.of()).read(world)))
                .hasMessageContaining("EnvironmentPreload plugin")
                .hasMessageContaining("line 4")
                .hasMessageContaining("'ecef' is not simulated");
    }

    @Test
    void aGlobalGridIsInterpolatedTrilinearlyAndInTime() throws IOException {
        // f = x + 10 y + 100 z + 1000 t on the corners of the unit cube at t = 0 and 2: linear, so exact inside
        StringBuilder rows = new StringBuilder("t,f,x,y,z\n");
        for (int t = 0; t <= 2; t += 2) {
            for (int i = 0; i < 8; i++) {
                int x = i & 1;
                int y = (i >> 1) & 1;
                int z = (i >> 2) & 1;
                rows.append(t + "," + (x + 10 * y + 100 * z + 1000 * t) + "," + x + "," + y + "," + z + "\n");
            }
        }
        Path csv = Files.writeString(dir.resolve("cube.csv"), rows);
        EnvironmentalData data =
                load(new SdfReader(List.of()).read(worldWith(csv, ""))).data();
        assertThat(data.lookUp("f", 0.5, 0.25, 0.5, 0.75).orElseThrow()).isCloseTo(0.25 + 5 + 75 + 500, within(1e-9));
        assertThat(data.lookUp("f", 2.5, 0.5, 0.5, 0.5)).isEmpty(); // after the last time
        assertThat(data.lookUp("f", 1, 1.5, 0.5, 0.5)).isEmpty(); // outside the grid
    }

    private Path world() {
        try {
            String text = Files.readString(WORLDS.resolve("environmental_data.sdf.in"));
            assertThat(text).contains("@CMAKE_SOURCE_DIR@/test/worlds/");
            return Files.writeString(
                    dir.resolve("environmental_data.sdf"),
                    text.replace("@CMAKE_SOURCE_DIR@/test/worlds/", WORLDS.toAbsolutePath() + "/"));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private Path worldWith(Path csv, String spaceAttributes) throws IOException {
        return Files.writeString(
                dir.resolve("w" + System.nanoTime() + ".sdf"), """
                <?xml version="1.0" ?>
                <sdf version="1.6">
                  <world name="w">
                    <plugin filename="gz-sim-environment-preload-system" name="gz::sim::systems::EnvironmentPreload">
                      <data>%s</data>
                      <dimensions>
                        <space%s><x>x</x><y>y</y><z>z</z></space>
                      </dimensions>
                    </plugin>
                  </world>
                </sdf>
                """.formatted(csv.getFileName(), spaceAttributes));
    }

    /** The world's EnvironmentPreload woken as the plugin host wakes it, with the world at hand. */
    static EnvironmentPreload load(WorldSpec world) {
        PluginSpec spec = world.plugins().stream()
                .filter(p -> p.filename().contains("environment-preload"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no EnvironmentPreload in " + world.source()));
        EnvironmentPreload plugin = new EnvironmentPreload();
        plugin.awake(new PluginContext() {
            @Override
            public PluginSpec spec() {
                return spec;
            }

            @Override
            public PluginOwner owner() {
                return PluginOwner.world();
            }

            @Override
            public String qualifiedName() {
                return "world/" + spec.name();
            }

            @Override
            public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
                throw new UnsupportedOperationException();
            }

            @Override
            public WorldSnapshot snapshot() {
                return WorldSnapshot.empty(world.name());
            }

            @Override
            public TopicBus topics() {
                throw new UnsupportedOperationException();
            }

            @Override
            public void emit(String event, Object payload) {}

            @Override
            public Optional<WorldSpec> worldSpec() {
                return Optional.of(world);
            }
        });
        return plugin;
    }
}
