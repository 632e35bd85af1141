package io.orrery;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.builtin.Extensions;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.plugin.GazeboSystemName;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.world.IgnoredElement;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.SensorSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.GzSimWorlds;
import io.orrery.world.sdf.SdfException;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How many of gz-sim's example worlds load with every system and sensor they name simulated, the way a user meets
 * them: the 82 of {@code examples/worlds} that need no Fuel download (13 in {@code worlds/gazebo}, the rest in
 * {@code src/test/resources/worlds/gz-sim-examples}), each read, every {@code <plugin>} and {@code <sensor>} in it
 * checked against what Orrery's descriptors simulate, and those that name nothing missing started and stepped to
 * see every plugin start. The computed table must be the one in docs/gazebo-worlds.md, so the page cannot go stale:
 * on a mismatch the test prints the table it computed.
 */
class GazeboExampleWorldsCoverageTests {

    static final Path VENDORED = Path.of("src/test/resources/worlds/gz-sim-examples");
    static final Path DOC = Path.of("docs/gazebo-worlds.md");
    static final String BEGIN = "<!-- coverage:begin -->";
    static final String END = "<!-- coverage:end -->";

    /** Where the worlds' plugins write their files (ColladaWorldExporter's mesh). */
    @TempDir
    Path output;
    /** gz-sim's examples/worlds at the vendored commit: 131 worlds, 49 of which include models from Fuel. */
    static final int NO_FUEL_WORLDS = 82;
    /** The 49 that include models from Fuel (not vendored: Orrery does not download): listed as needing Fuel. */
    static final List<String> FUEL_WORLDS = List.of(
            "acoustic_comms_demo.sdf",
            "actor.sdf",
            "actor_crowd.sdf",
            "advanced_lift_drag_system.sdf",
            "auto_inertia_rolling_shapes.sdf",
            "auv_controls.sdf",
            "boundingbox_camera.sdf",
            "breadcrumbs.sdf",
            "camera_sensor.sdf",
            "dem_monterey_bay.sdf",
            "dem_moon.sdf",
            "dem_volcano.sdf",
            "depth_camera_sensor.sdf",
            "drive_to_pose_controller.sdf",
            "dvl_world.sdf",
            "elevator.sdf",
            "follow_actor.sdf",
            "fuel.sdf",
            "fuel_textured_mesh.sdf",
            "global_illumination.sdf",
            "gpu_lidar_sensor.sdf",
            "ground_spacecraft_testbed.sdf",
            "heightmap.sdf",
            "import_mesh.sdf",
            "lighter_than_air_blimp.sdf",
            "lightmap.sdf",
            "log_record_resources.sdf",
            "lrauv_control_demo.sdf",
            "mecanum_drive.sdf",
            "model_photo_shoot.sdf",
            "multi_lrauv_race.sdf",
            "multicopter_velocity_control.sdf",
            "optical_tactile_sensor_plugin.sdf",
            "particle_emitter.sdf",
            "plot_3d.sdf",
            "projector.sdf",
            "quadcopter.sdf",
            "segmentation_camera.sdf",
            "sensors_demo.sdf",
            "shader_param.sdf",
            "shadow_texture_size.sdf",
            "spacecraft.sdf",
            "thermal_camera.sdf",
            "tracked_vehicle_simple.sdf",
            "triggered_camera_sensor.sdf",
            "tunnel.sdf",
            "visualize_frustum.sdf",
            "visualize_lidar.sdf",
            "wide_angle_camera.sdf");

    final Extensions extensions = Extensions.discovered();
    final PluginRegistry registry = extensions.plugins();
    final Set<String> sensorTypes = extensions.sensorTypes();
    final SdfReader reader = new SdfReader(List.of()).simulatingSensors(sensorTypes);

    @TempDir
    Path saves;

    /** What one world lacks; nothing when every system and sensor it names is simulated and starts. */
    record Row(String world, Set<String> systems, Set<String> sensors, String other, Set<String> listed) {

        boolean complete() {
            return systems.isEmpty() && sensors.isEmpty() && other.isEmpty();
        }

        String markdown() {
            return "| `" + world + "` | " + (complete() ? "yes" : "") + " | " + String.join(", ", systems) + " | "
                    + String.join(", ", sensors) + " | " + other + " | " + String.join(", ", listed) + " |";
        }
    }

    @Test
    void theTableInTheDocsIsTheOneTheWorldsGive() throws Exception {
        List<Path> worlds = worlds();
        assertThat(worlds).as("gz-sim example worlds that need no Fuel").hasSize(NO_FUEL_WORLDS);
        List<Row> rows = new ArrayList<>();
        for (Path world : worlds) {
            rows.add(row(world));
        }
        FUEL_WORLDS.forEach(w -> rows.add(new Row(w, Set.of(), Set.of(), "needs Fuel", Set.of())));
        rows.sort((a, b) -> a.world().compareTo(b.world()));
        assertThat(rows).as("gz-sim's example worlds").hasSize(131);
        long complete = rows.stream().filter(Row::complete).count();
        StringBuilder table = new StringBuilder();
        table.append(BEGIN).append('\n');
        table.append("**")
                .append(complete)
                .append(" of ")
                .append(rows.size())
                .append("** load with every system and sensor they name simulated (")
                .append(FUEL_WORLDS.size())
                .append(" need Fuel).\n\n");
        table.append("| world | complete | systems not simulated | sensors not simulated | refused or failed |"
                + " other elements listed (not counted) |\n");
        table.append("|---|---|---|---|---|---|\n");
        rows.forEach(r -> table.append(r.markdown()).append('\n'));
        table.append(END);
        String computed = table.toString();
        System.out.println(computed);

        String doc = Files.readString(DOC);
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        assertThat(begin).as("%s in %s", BEGIN, DOC).isNotNegative();
        assertThat(end).as("%s in %s", END, DOC).isGreaterThan(begin);
        assertThat(doc.substring(begin, end + END.length()))
                .as("the coverage table in %s (the computed one is printed above)", DOC)
                .isEqualTo(computed);
    }

    /** Every vendored no-Fuel world, by file name; fails when a folder is missing or a world is in both. */
    static List<Path> worlds() throws IOException {
        List<Path> all = new ArrayList<>(GzSimWorlds.files());
        assertThat(VENDORED).as("the vendored gz-sim example worlds").isDirectory();
        try (Stream<Path> list = Files.list(VENDORED)) {
            list.filter(p -> p.toString().endsWith(".sdf")).forEach(all::add);
        }
        all.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        Set<String> names = all.stream().map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        assertThat(names).as("each world vendored once").hasSameSizeAs(all);
        return all;
    }

    Row row(Path file) throws Exception {
        String name = file.getFileName().toString();
        WorldSpec world;
        try {
            world = reader.read(file);
        } catch (SdfException e) {
            return new Row(name, Set.of(), Set.of(), "refused: " + firstLine(e.getMessage(), file), Set.of());
        }
        Set<String> systems = new TreeSet<>();
        Set<String> sensors = new TreeSet<>();
        world.plugins().forEach(p -> missing(p).ifPresent(systems::add));
        for (ModelSpec model : world.models()) {
            collect(model, systems, sensors);
        }
        // what else the world holds that changes a simulation in Gazebo and Orrery lists (sensors are counted above)
        Set<String> listed = world.ignored().stream()
                .filter(IgnoredElement::affectsSimulation)
                .map(IgnoredElement::element)
                .filter(e -> !e.equals("sensor") && !e.equals("plugin"))
                .collect(Collectors.toCollection(TreeSet::new));
        if (!systems.isEmpty() || !sensors.isEmpty()) {
            return new Row(name, systems, sensors, "", listed);
        }
        return new Row(name, systems, sensors, failedPlugins(file), listed);
    }

    private void collect(ModelSpec model, Set<String> systems, Set<String> sensors) {
        model.plugins().forEach(p -> missing(p).ifPresent(systems::add));
        for (LinkSpec link : model.links()) {
            for (SensorSpec sensor : link.sensors()) {
                if (!sensorTypes.contains(sensor.kind())) {
                    sensors.add(sensor.type());
                }
            }
        }
        model.models().forEach(m -> collect(m, systems, sensors));
    }

    /** The plugin's Gazebo short name (or filename) when Orrery neither runs it nor does its work. */
    private java.util.Optional<String> missing(PluginSpec plugin) {
        if (registry.lookup(plugin.filename(), plugin.name()).isPresent()
                || registry.isAcceptedSilently(plugin.filename(), plugin.name())) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(GazeboSystemName.canonicalFilename(plugin.filename())
                .map(f -> f.substring("gz-sim-".length(), f.length() - "-system".length()))
                .orElse(plugin.filename()));
    }

    /** Starts the world paused, steps it 100 times and names the plugins that failed, with why. */
    private String failedPlugins(Path file) throws Exception {
        SimulationRunner runner = SimulationRunner.builder(reader::read, file, new JBulletPhysicsEngine())
                .plugins(registry, PluginSettings.defaults().withOutputDirectory(output))
                .settings(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true))
                .worldSystems(extensions.worldSystems())
                .devices(extensions.deviceKinds())
                .build();
        // the world services a server offers its plugins (TriggeredPublisher's <service>s call them)
        runner.offerServices(GazeboSystemRunner.worldServices(runner, reader, saves));
        runner.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (runner.reads().currentState() != SimState.PAUSE) {
                if (!runner.isRunning() || System.nanoTime() > deadline) {
                    return "does not start: " + runner.reads().status();
                }
                Thread.sleep(2);
            }
            runner.control().step(100).get(120, TimeUnit.SECONDS);
            while (runner.reads().pluginStatuses().stream()
                    .anyMatch(s -> s.state() == PluginState.PENDING || s.state() == PluginState.STARTING)) {
                if (System.nanoTime() > deadline) {
                    return "plugins still starting: " + runner.reads().pluginStatuses();
                }
                Thread.sleep(2);
            }
            return runner.reads().pluginStatuses().stream()
                    .filter(s -> s.state() == PluginState.FAILED)
                    .map(GazeboExampleWorldsCoverageTests::failure)
                    .collect(Collectors.joining("; "));
        } finally {
            runner.control().stop();
            runner.finished().get(30, TimeUnit.SECONDS);
        }
    }

    private static String failure(PluginStatus s) {
        return s.name() + " fails: " + s.error().map(e -> e.replace('|', '/')).orElse("?");
    }

    private static String firstLine(String message, Path file) {
        String name = file.getFileName().toString();
        // the reader names the file by its full path; the table names it by its file name
        String m = message.replaceAll("\\S*/" + Pattern.quote(name), name).replace('|', '/');
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
