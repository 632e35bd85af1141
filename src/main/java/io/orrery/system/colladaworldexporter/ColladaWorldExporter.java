package io.orrery.system.colladaworldexporter;

import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.render.VisualMeshes;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.LightSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.VisualSpec;
import io.orrery.world.WorldSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamException;

/**
 * Gazebo's ColladaWorldExporter ({@code gz-sim-collada-world-exporter-system}), a world plugin: after the first step
 * (its first PostUpdate, paused or not) it writes every visual of every model then in the world, at its pose then,
 * and the world's and links' lights, as one COLLADA file, {@code <world>/meshes/<world>.dae}, under
 * {@code orrery.plugin-output-dir} ({@link PluginContext#outputDirectory()}; Gazebo writes it under the working
 * directory). Once per loaded world, as Gazebo's flag makes it: a reset does not write it again, a reload does. The
 * file is written whole or not at all (a temporary file moved into place); a failure to write is logged and the run
 * goes on. Threads: the runner's.
 */
public final class ColladaWorldExporter implements Plugin, PostUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-collada-world-exporter-system}. */
    public static final String SHORT_NAME = "collada-world-exporter";
    /** Gazebo's class name: {@code gz::sim::systems::ColladaWorldExporter}. */
    public static final String CLASS_NAME = "ColladaWorldExporter";

    /** A world name usable as a directory and a file name as it is; any other is refused rather than rewritten. */
    static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");

    private final Clock clock;
    private PluginContext ctx;
    private Path file;
    private boolean exported;

    public ColladaWorldExporter() {
        this(Clock.systemUTC());
    }

    ColladaWorldExporter(Clock clock) {
        this.clock = clock;
    }

    @Override
    public void awake(PluginContext context) {
        ctx = context;
        GazeboParameters params = new GazeboParameters(context.spec(), CLASS_NAME);
        WorldSpec world =
                context.worldSpec().orElseThrow(() -> params.bad("is a world plugin: it needs a world to export"));
        if (!SAFE_NAME.matcher(world.name()).matches()) {
            throw params.bad("names its files after the world, and world '" + world.name()
                    + "' is not a safe file name (letters, digits, '_', '.', '-', at most 128, not starting with '.')");
        }
        Path root = context.outputDirectory()
                .orElseThrow(() -> params.bad("needs a directory to write into: set orrery.plugin-output-dir"));
        file = root.resolve(world.name()).resolve("meshes").resolve(world.name() + ".dae");
    }

    @Override
    public void start(PluginContext context) {
        // the export waits for the first step, when every model has its pose
    }

    /** Where the file goes. */
    Path file() {
        return file;
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (exported) {
            return;
        }
        exported = true; // once, even if writing fails: Gazebo tries once too, and the log says why
        WorldSpec spec = ctx.worldSpec().orElseThrow();
        List<ColladaDocument.Part> parts = new ArrayList<>();
        List<ColladaDocument.Light> lights = new ArrayList<>();
        spec.lights().forEach(l -> lights.add(new ColladaDocument.Light(l, l.pose())));
        for (ModelState model : world.models()) {
            Optional<ModelSpec> modelSpec = ctx.modelSpec(model.name());
            modelSpec.ifPresent(m -> collect(m, model, model.pose(), model.name() + "::", "", parts, lights));
        }
        XmlNode doc = ColladaDocument.of(spec.name(), parts, lights, clock.instant());
        try {
            write(doc);
            ctx.logger()
                    .info(
                            "ColladaWorldExporter: the world has been exported into {} ({} visuals, {} lights)",
                            file,
                            parts.size(),
                            lights.size());
        } catch (IOException | XMLStreamException | RuntimeException e) {
            ctx.logger().error("ColladaWorldExporter: cannot write {}: {}; the run goes on", file, e.toString());
        }
    }

    /**
     * A model's visuals and lights at the poses physics has for its links (nested models' links under the top-level
     * model, scoped {@code inner::link}); a link physics does not report is placed where the file puts it.
     */
    private static void collect(
            ModelSpec model,
            ModelState state,
            Pose modelPose,
            String top,
            String scope,
            List<ColladaDocument.Part> parts,
            List<ColladaDocument.Light> lights) {
        for (LinkSpec link : model.links()) {
            Pose linkPose = state.link(scope + link.name()).map(LinkState::pose).orElse(modelPose.compose(link.pose()));
            for (VisualSpec visual : link.visuals()) {
                VisualMeshes.of(visual.geometry())
                        .ifPresent(t -> parts.add(new ColladaDocument.Part(
                                top + scope + link.name() + "::" + visual.name(),
                                linkPose.compose(visual.pose()),
                                t,
                                VisualMeshes.material(visual),
                                1 - visual.transparency())));
            }
            for (LightSpec light : link.lights()) {
                lights.add(new ColladaDocument.Light(light, linkPose.compose(light.pose())));
            }
        }
        for (ModelSpec nested : model.models()) {
            // a nested model's links are reported by physics; its pose only places links physics lacks
            collect(nested, state, modelPose.compose(nested.pose()), top, scope + nested.name() + "::", parts, lights);
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        // the export stays done: Gazebo's flag lives as long as the system, which a reset keeps
    }

    private void write(XmlNode doc) throws IOException, XMLStreamException {
        Files.createDirectories(file.getParent());
        Path temp = Files.createTempFile(file.getParent(), ".export-", ".dae");
        try {
            try (OutputStream out = Files.newOutputStream(temp)) {
                doc.writeDocument(out, ColladaDocument.NAMESPACE);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
