package io.orrery.render;

import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.WorldView;
import io.orrery.world.Color;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A world as its renderer draws it: the visuals of every link on the GPU, the lights, the scene's ambient and
 * background. Each link is a body whose pose the caller sets (from physics, {@link #update}); visuals and link lights
 * follow their body. Belongs to its renderer and its thread; {@link #setPose} allocates nothing.
 */
public final class RenderScene implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RenderScene.class);

    /** A link as physics names it: its top-level model and its name scoped within it ({@code nested::link}). */
    public record Body(String model, String link) {}

    private final Renderer renderer;
    private final List<Body> bodies;
    private final Map<Body, Integer> index = new HashMap<>();
    /** Each body's pose in the world, column-major. */
    final double[][] bodyPoses;
    /** Bodies not drawn, with their visuals (a model removed from the world). */
    final boolean[] hidden;

    final DrawItem[] items;
    final SceneBuilder.SceneLight[] lights;
    final float[] ambient;
    final float[] background;
    private final SceneBuilder built;
    private final int triangles;
    private boolean closed;

    RenderScene(Renderer renderer, WorldSpec world, RenderSettings settings) {
        this.renderer = renderer;
        this.built = new SceneBuilder(settings);
        built.world(world);
        this.bodies = List.copyOf(built.bodies);
        this.bodyPoses = new double[bodies.size()][16];
        this.hidden = new boolean[bodies.size()];
        for (int i = 0; i < bodies.size(); i++) {
            index.put(bodies.get(i), i);
            Matrices.pose(built.initialPoses.get(i), bodyPoses[i]);
        }
        // opaque first, then the transparent in the world's order: blending needs what is behind them drawn
        List<DrawItem> ordered = new ArrayList<>();
        built.items.stream().filter(i -> !i.transparent()).forEach(ordered::add);
        built.items.stream().filter(DrawItem::transparent).forEach(ordered::add);
        this.items = ordered.toArray(DrawItem[]::new);
        if (built.lights.size() > Shaders.MAX_LIGHTS) {
            LOG.warn(
                    "{}: {} lights; a camera is lit by the first {} of them",
                    world.name(),
                    built.lights.size(),
                    Shaders.MAX_LIGHTS);
        }
        this.lights = built.lights.stream().limit(Shaders.MAX_LIGHTS).toArray(SceneBuilder.SceneLight[]::new);
        this.ambient = rgb(world.scene().ambient());
        this.background = new float[] {
            (float) world.scene().background().r(),
            (float) world.scene().background().g(),
            (float) world.scene().background().b(),
            1
        };
        this.triangles =
                built.meshes.values().stream().mapToInt(GpuMesh::triangles).sum();
    }

    private static float[] rgb(Color c) {
        return new float[] {(float) c.r(), (float) c.g(), (float) c.b()};
    }

    /** Every body, in the world's order: the index {@link #setPose} takes. */
    public List<Body> bodies() {
        return bodies;
    }

    /** The index of a body, if the scene has it. */
    public OptionalInt body(String model, String link) {
        Integer i = index.get(new Body(model, link));
        return i == null ? OptionalInt.empty() : OptionalInt.of(i);
    }

    /** Moves a body (and its visuals and lights) to a pose in the world. */
    public void setPose(int body, Pose world) {
        renderer.checkThread();
        Matrices.pose(world, bodyPoses[body]);
    }

    /** Shows or hides a body with its visuals and lights (a model that left the world). */
    public void setVisible(int body, boolean visible) {
        renderer.checkThread();
        hidden[body] = !visible;
    }

    /** Every body to where the world view has its link; a link the view lacks stays where it was. */
    public void update(WorldView view) {
        renderer.checkThread();
        Map<String, ModelState> models = new HashMap<>();
        for (ModelState m : view.models()) {
            models.put(m.name(), m);
        }
        for (int i = 0; i < bodies.size(); i++) {
            ModelState m = models.get(bodies.get(i).model());
            if (m == null) {
                continue;
            }
            for (LinkState l : m.links()) {
                if (l.name().equals(bodies.get(i).link())) {
                    Matrices.pose(l.pose(), bodyPoses[i]);
                    break;
                }
            }
        }
    }

    /** How many visuals it draws (visuals of unsupported geometry and fully transparent ones left out). */
    public int visualCount() {
        return items.length;
    }

    /** The triangles of its distinct shapes on the GPU. */
    public int triangleCount() {
        return triangles;
    }

    /** What its close deletes. */
    GlNames glNames() {
        return GlNames.ofScene(
                built.meshes.values().stream().mapToInt(GpuMesh::vertexArray),
                built.meshes.values().stream().flatMapToInt(m -> IntStream.of(m.buffers())),
                built.textures.names());
    }

    Renderer renderer() {
        return renderer;
    }

    boolean isClosed() {
        return closed;
    }

    /** Frees its GPU memory; the renderer's thread only. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        renderer.checkThread();
        closed = true;
        built.meshes.values().forEach(GpuMesh::delete);
        built.textures.delete();
        renderer.forget(this);
    }

    /** For {@link Renderer#close}: already current, on the right thread. */
    void release() {
        closed = true;
        built.meshes.values().forEach(GpuMesh::delete);
        built.textures.delete();
    }
}
