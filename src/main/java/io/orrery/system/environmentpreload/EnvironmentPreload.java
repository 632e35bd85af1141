package io.orrery.system.environmentpreload;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.EnvironmentalData;
import io.orrery.system.gazebo.GazeboComponents;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.SdfElement;
import io.orrery.world.WorldSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's EnvironmentPreload system ({@code gz-sim-environment-preload-system}), a world plugin: loads environmental
 * data from the CSV file {@code <data>} (relative to the world file) as it wakes and puts it on the world as the
 * {@link GazeboComponents#ENVIRONMENT} component, again after every reset (which clears the components), for the
 * EnvironmentalSystem's sensors. {@code <dimensions>} names the columns: {@code <time>} ({@code t}),
 * {@code <ignore_time>} (false), {@code <space>}'s {@code <x>}, {@code <y>}, {@code <z>} ({@code x}, {@code y},
 * {@code z}) with its {@code reference} attribute: {@code global} (the world frame, the default) or
 * {@code spherical} (latitude, longitude, height from the world's {@code <spherical_coordinates>}; {@code units}
 * {@code radians}, the default, or {@code degrees}); {@code ecef} is refused. Gazebo logs a bad file and runs on
 * without data; Orrery refuses the plugin naming the file and line. Loading other files over gz-transport and the
 * data's visualisation are left out. Threads: awake on the loader's, PreUpdate on the runner's.
 */
public final class EnvironmentPreload implements Plugin, PreUpdate {

    /** Gazebo's short name: {@code gz-sim-environment-preload-system}. */
    public static final String SHORT_NAME = "environment-preload";
    /** Gazebo's class name: {@code gz::sim::systems::EnvironmentPreload}. */
    public static final String CLASS_NAME = "EnvironmentPreload";

    private PluginContext context;
    private EnvironmentalData data;

    @Override
    public void awake(PluginContext ctx) {
        this.context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        String named = params.text("data")
                .map(String::strip)
                .filter(d -> !d.isEmpty())
                .orElseThrow(() -> params.bad("needs <data>, the CSV file of environmental data"));
        Path file = resolve(named, ctx.worldSpec(), params);
        Optional<SdfElement> dimensions = element(ctx.spec().parameters(), "dimensions");
        boolean ignoreTime = dimensions
                .flatMap(d -> d.child("ignore_time"))
                .map(e -> bool(e.text(), params))
                .orElse(false);
        String time = text(dimensions, "time").orElse("t");
        Optional<SdfElement> space = dimensions.flatMap(d -> d.child("space"));
        String reference = space.map(s -> s.attributes().getOrDefault("reference", "global"))
                .orElse("global");
        boolean degrees = false;
        EnvironmentalData.Reference frame;
        switch (reference.strip()) {
            case "global" -> frame = EnvironmentalData.Reference.GLOBAL;
            case "spherical" -> {
                frame = EnvironmentalData.Reference.SPHERICAL;
                String units = space.map(s -> s.attributes().getOrDefault("units", "radians"))
                        .orElse("radians");
                if (!units.equals("radians") && !units.equals("degrees")) {
                    throw params.bad("<space units> must be radians or degrees, got '" + units + "'");
                }
                degrees = units.equals("degrees");
            }
            default ->
                throw params.bad("<space reference> '" + reference
                        + "' is not simulated by Orrery: use global (the world frame) or spherical");
        }
        EnvironmentCsv.Columns columns = new EnvironmentCsv.Columns(
                time,
                ignoreTime,
                text(space, "x").orElse("x"),
                text(space, "y").orElse("y"),
                text(space, "z").orElse("z"));
        data = EnvironmentCsv.read(file, columns, frame, degrees);
        ctx.logger()
                .info(
                        "Loaded environment data {} ({} fields, {} times)",
                        file,
                        data.fields().size(),
                        data.frames().size());
    }

    @Override
    public void start(PluginContext ctx) {
        // the data is read in awake, before the first step
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        // set again after a reset, which clears the world's components
        if (context.components()
                .get(GazeboComponents.WORLD, GazeboComponents.ENVIRONMENT)
                .isEmpty()) {
            context.components().set(GazeboComponents.WORLD, GazeboComponents.ENVIRONMENT, data);
        }
    }

    /** The data, as loaded. */
    EnvironmentalData data() {
        return data;
    }

    private static Path resolve(String named, Optional<WorldSpec> world, GazeboParameters params) {
        Path path = Path.of(named);
        if (!path.isAbsolute()) {
            Path source = world.map(WorldSpec::source)
                    .filter(s -> s.isAbsolute() && Files.isRegularFile(s))
                    .orElseThrow(() -> params.bad("<data> '" + named
                            + "' is relative, and the world was not read from a file it could be relative to"));
            path = source.getParent().resolve(path).normalize();
        }
        if (!Files.isRegularFile(path)) {
            throw params.bad("<data> '" + named + "': no environmental data file at " + path);
        }
        return path;
    }

    private static Optional<SdfElement> element(List<SdfElement> parameters, String name) {
        return parameters.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    private static Optional<String> text(Optional<SdfElement> parent, String name) {
        return parent.flatMap(p -> p.child(name)).map(e -> e.text().strip()).filter(t -> !t.isEmpty());
    }

    private static boolean bool(String text, GazeboParameters params) {
        return switch (text.strip()) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw params.bad("ignore_time", "true or false", "'" + text + "'");
        };
    }
}
