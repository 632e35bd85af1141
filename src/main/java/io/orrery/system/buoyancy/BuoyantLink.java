package io.orrery.system.buoyancy;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A link Buoyancy acts on, as gz-sim computes it once when the link appears: the volume of its collisions and their
 * centre of volume in the link frame, each collision weighted by its volume at its origin (not the shape's centroid,
 * which for a mesh or a cone lies elsewhere), as gz-sim weights them. Immutable.
 *
 * @param name scoped within its top-level model ({@code link} or {@code nested::link}), as the physics names it
 * @param collisions the link's collisions, which graded buoyancy slices each step
 * @param volume m³; 0 when no collision has a volume
 * @param centreOfVolume link frame (m)
 */
record BuoyantLink(String name, List<CollisionSpec> collisions, double volume, Vec3 centreOfVolume) {

    BuoyantLink {
        collisions = List.copyOf(collisions);
    }

    /**
     * The links of {@code model} and of its nested models that {@code enabled} accepts, given their scoped names
     * with the top-level model's in front ({@code model::nested::link}); a collision whose geometry has no volume
     * Gazebo computes is reported to {@code unsupported} and counts for nothing.
     */
    static List<BuoyantLink> of(ModelSpec model, EnabledNames enabled, Consumer<String> unsupported) {
        List<BuoyantLink> links = new ArrayList<>();
        collect(model, "", model.name(), enabled, unsupported, links);
        return links;
    }

    private static void collect(
            ModelSpec model,
            String scope,
            String top,
            EnabledNames enabled,
            Consumer<String> unsupported,
            List<BuoyantLink> into) {
        for (LinkSpec link : model.links()) {
            String name = scope + link.name();
            if (enabled.accepts(top + "::" + name)) {
                into.add(of(name, link.collisions(), l -> unsupported.accept(top + "::" + name + ": " + l)));
            }
        }
        for (ModelSpec nested : model.models()) {
            collect(nested, scope + nested.name() + "::", top, enabled, unsupported, into);
        }
    }

    private static BuoyantLink of(String name, List<CollisionSpec> collisions, Consumer<String> unsupported) {
        double volume = 0;
        Vec3 weighted = Vec3.ZERO;
        for (CollisionSpec c : collisions) {
            double v = volume(c, unsupported);
            volume += v;
            weighted = weighted.plus(c.pose().position().times(v));
        }
        return new BuoyantLink(name, collisions, volume, volume > 0 ? weighted.times(1 / volume) : Vec3.ZERO);
    }

    /** A collision's volume as Gazebo takes it: the primitives' formulas, a mesh's enclosed volume, a plane none. */
    private static double volume(CollisionSpec c, Consumer<String> unsupported) {
        Geometry g = c.geometry();
        if (g instanceof Geometry.Mesh mesh) {
            return gazeboMeshVolume(mesh);
        }
        if (g instanceof Geometry.Plane) {
            return 0; // Gazebo ignores planes: they have no volume
        }
        return SubmergedShape.volumeOf(g).orElseGet(() -> {
            unsupported.accept("collision '" + c.name() + "' is a " + kind(g) + ", which has no volume for buoyancy");
            return 0.0;
        });
    }

    /**
     * A mesh's volume as gz-sim's Buoyancy takes it from gz-common's {@code Mesh::Volume}: the sum of the absolute
     * volumes of the tetrahedra each triangle makes with the mesh's origin, of the mesh as its file gives it, before
     * the SDF {@code <scale>}. For a closed mesh that is star-shaped about its origin this is its volume; for others it
     * is more, and a scaled mesh keeps its unscaled volume. Orrery follows Gazebo so that worlds float as they do there
     * (gz-sim's test expects 1.40186 m³ for its duck, whose enclosed volume after its scale of 0.5 is 0.149 m³).
     */
    static double gazeboMeshVolume(Geometry.Mesh mesh) {
        float[] p = mesh.triangles().positions();
        int[] idx = mesh.triangles().indices();
        double sum = 0;
        for (int t = 0; t + 2 < idx.length; t += 3) {
            int a = 3 * idx[t];
            int b = 3 * idx[t + 1];
            int c = 3 * idx[t + 2];
            double det = p[a] * ((double) p[b + 1] * p[c + 2] - (double) p[b + 2] * p[c + 1])
                    - p[a + 1] * ((double) p[b] * p[c + 2] - (double) p[b + 2] * p[c])
                    + p[a + 2] * ((double) p[b] * p[c + 1] - (double) p[b + 1] * p[c]);
            sum += Math.abs(det) / 6;
        }
        // the triangles carry the scale; Gazebo's volume is the unscaled mesh's
        double scale =
                Math.abs(mesh.scale().x() * mesh.scale().y() * mesh.scale().z());
        return scale > 0 ? sum / scale : 0;
    }

    static String kind(Geometry g) {
        return g instanceof Geometry.Unsupported u
                ? u.kind()
                : g.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
    }
}
