package io.orrery.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.port.SavedWorld;
import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.mesh.TriangleMesh;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * What the dashboard draws: every link of every model, in the order of the pose stream's indices, with its
 * collision shapes in the link frame.
 *
 * @param world the world's name
 * @param key identifies the set of models, links and static flags; the pose stream carries it so the page
 *     knows when to fetch the scene again
 * @param camera the world's GUI camera pose ({@code [x, y, z, qx, qy, qz, qw]}), or null
 * @param models the models in the snapshot's order
 */
record Scene(String world, String key, double[] camera, List<SceneModel> models) {

    /** A model; {@code links[i].index} is its place in the pose stream. */
    record SceneModel(String name, @JsonProperty("static") boolean isStatic, List<SceneLink> links) {}

    /** A link at pose-stream index {@code index}. */
    record SceneLink(String name, int index, List<Shape> shapes) {}

    /**
     * A collision shape in its link's frame.
     *
     * @param type box, sphere, cylinder, capsule, cone, ellipsoid, plane, mesh, heightmap, or the unsupported
     *     element's name (polyline, image)
     * @param size box: x, y, z; sphere: r; cylinder, capsule, cone: r, length; ellipsoid: radii; plane: normal
     *     x, y, z, size x, y; others: empty
     * @param pose {@code [x, y, z, qx, qy, qz, qw]} in the link frame
     * @param vertices mesh and heightmap: x, y, z of each vertex in the shape's frame (decimated past
     *     {@link #MAX_TRIANGLES}); others: absent
     * @param triangles mesh and heightmap: three vertex indices a triangle; others: absent
     */
    record Shape(
            String type,
            double[] size,
            double[] pose,
            @JsonInclude(JsonInclude.Include.NON_NULL) float[] vertices,
            @JsonInclude(JsonInclude.Include.NON_NULL) int[] triangles) {

        Shape(String type, double[] size, double[] pose) {
            this(type, size, pose, null, null);
        }
    }

    /** The most triangles a mesh or heightmap is drawn with: a coarser copy past it keeps the page light. */
    static final int MAX_TRIANGLES = 20_000;
    /** Coarse copies made for drawing, kept as long as their meshes are. */
    private static final Map<TriangleMesh, TriangleMesh> DRAWN = Collections.synchronizedMap(new WeakHashMap<>());

    /** The key of the snapshot's models, links and static flags (the pose stream's and the scene's alike). */
    static String keyOf(WorldSnapshot snapshot) {
        int h = snapshot.world().hashCode();
        for (ModelState m : snapshot.models()) {
            h = 31 * h + m.name().hashCode();
            h = 31 * h + (m.isStatic() ? 1 : 2);
            for (LinkState l : m.links()) {
                h = 31 * h + l.name().hashCode();
            }
        }
        return Integer.toHexString(h);
    }

    /** The scene of {@code snapshot}, its shapes from the world as loaded and the specs of spawned models. */
    static Scene of(WorldSnapshot snapshot, SavedWorld saved) {
        Map<String, ModelSpec> specs = new HashMap<>();
        saved.loaded().models().forEach(m -> specs.put(m.name(), m));
        for (ModelSnapshot m : saved.state().models()) {
            m.spawnedSpec().ifPresent(spec -> specs.put(m.name(), spec));
        }
        List<SceneModel> models = new ArrayList<>();
        int index = 0;
        for (ModelState m : snapshot.models()) {
            Map<String, LinkSpec> links = new HashMap<>();
            Optional.ofNullable(specs.get(m.name())).ifPresent(spec -> collectLinks(spec, "", links));
            List<SceneLink> sceneLinks = new ArrayList<>();
            for (LinkState l : m.links()) {
                LinkSpec spec = links.get(l.name());
                List<Shape> shapes = spec == null
                        ? List.of()
                        : spec.collisions().stream().map(Scene::shape).toList();
                sceneLinks.add(new SceneLink(l.name(), index++, shapes));
            }
            models.add(new SceneModel(m.name(), m.isStatic(), sceneLinks));
        }
        double[] camera = saved.loaded().guiCameraPose().map(Scene::array).orElse(null);
        return new Scene(snapshot.world(), keyOf(snapshot), camera, models);
    }

    /** Links by their name scoped within the top-level model, as {@link LinkState} names them. */
    private static void collectLinks(ModelSpec model, String scope, Map<String, LinkSpec> into) {
        for (LinkSpec l : model.links()) {
            into.put(scope + l.name(), l);
        }
        for (ModelSpec nested : model.models()) {
            collectLinks(nested, scope + nested.name() + "::", into);
        }
    }

    private static Shape shape(CollisionSpec c) {
        double[] pose = array(c.pose());
        Geometry g = c.geometry();
        if (g instanceof Geometry.Box b) {
            return new Shape(
                    "box", new double[] {b.size().x(), b.size().y(), b.size().z()}, pose);
        } else if (g instanceof Geometry.Sphere s) {
            return new Shape("sphere", new double[] {s.radius()}, pose);
        } else if (g instanceof Geometry.Cylinder y) {
            return new Shape("cylinder", new double[] {y.radius(), y.length()}, pose);
        } else if (g instanceof Geometry.Capsule k) {
            return new Shape("capsule", new double[] {k.radius(), k.length()}, pose);
        } else if (g instanceof Geometry.Cone n) {
            return new Shape("cone", new double[] {n.radius(), n.length()}, pose);
        } else if (g instanceof Geometry.Ellipsoid e) {
            return new Shape(
                    "ellipsoid",
                    new double[] {e.radii().x(), e.radii().y(), e.radii().z()},
                    pose);
        } else if (g instanceof Geometry.Plane p) {
            return new Shape(
                    "plane",
                    new double[] {p.normal().x(), p.normal().y(), p.normal().z(), p.sizeX(), p.sizeY()},
                    pose);
        }
        if (g instanceof Geometry.Mesh m) {
            TriangleMesh drawn = DRAWN.computeIfAbsent(m.triangles(), t -> t.decimated(MAX_TRIANGLES));
            return new Shape("mesh", new double[0], pose, drawn.positions(), drawn.indices());
        }
        if (g instanceof Geometry.Polyline p) {
            TriangleMesh drawn = p.solid().triangles();
            return new Shape("mesh", new double[0], pose, drawn.positions(), drawn.indices());
        }
        if (g instanceof Geometry.Heightmap h) {
            return heightmap(h, pose);
        }
        return new Shape(((Geometry.Unsupported) g).kind(), new double[0], pose);
    }

    /** The heightmap's grid as triangles, every {@code step}-th grid point so it stays within MAX_TRIANGLES. */
    private static Shape heightmap(Geometry.Heightmap h, double[] pose) {
        int side = h.image().size();
        int step = 1;
        while (2L * ((side - 1) / step) * ((side - 1) / step) > MAX_TRIANGLES) {
            step++;
        }
        int n = (side - 1) / step + 1;
        float[] vertices = new float[n * n * 3];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int o = (j * n + i) * 3;
                vertices[o] = (float) h.x(i * step);
                vertices[o + 1] = (float) h.y(j * step);
                vertices[o + 2] = (float) h.height(i * step, j * step);
            }
        }
        int[] triangles = new int[(n - 1) * (n - 1) * 6];
        int t = 0;
        for (int j = 0; j < n - 1; j++) {
            for (int i = 0; i < n - 1; i++) {
                int a = j * n + i;
                triangles[t++] = a;
                triangles[t++] = a + 1;
                triangles[t++] = a + n + 1;
                triangles[t++] = a;
                triangles[t++] = a + n + 1;
                triangles[t++] = a + n;
            }
        }
        return new Shape("heightmap", new double[0], pose, vertices, triangles);
    }

    /** {@code [x, y, z, qx, qy, qz, qw]}. */
    static double[] array(Pose p) {
        var q = p.rotation();
        return new double[] {p.x(), p.y(), p.z(), q.x(), q.y(), q.z(), q.w()};
    }
}
