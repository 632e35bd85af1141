package io.orrery.render;

import io.orrery.world.Geometry;
import io.orrery.world.LightSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.MaterialSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.VisualSpec;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a world's records into what a scene draws: a body per link (nested models' links named as physics names them,
 * {@code nested::link}, under their top-level model), a draw item per drawable visual, and the lights. Shapes of the
 * same geometry share their triangles on the GPU; a mesh shares them with every visual of that mesh file and scale.
 */
final class SceneBuilder {

    /** A light and where it hangs: on a body ({@code body} ≥ 0, {@code local} in its frame) or in the world. */
    record SceneLight(LightSpec spec, int body, double[] local) {}

    final List<RenderScene.Body> bodies = new ArrayList<>();
    final List<Pose> initialPoses = new ArrayList<>();
    final List<DrawItem> items = new ArrayList<>();
    final List<SceneLight> lights = new ArrayList<>();
    final Map<Geometry, GpuMesh> meshes = new HashMap<>();
    final Textures textures;

    /** A drawable visual, its instance number known once every visual is. */
    private record Pending(
            String name,
            String top,
            GpuMesh mesh,
            int body,
            double[] local,
            MaterialSpec material,
            int texture,
            double opacity,
            long flags,
            int label,
            double temperature) {}

    private final List<Pending> pending = new ArrayList<>();

    SceneBuilder(RenderSettings settings) {
        this.textures = new Textures(settings);
    }

    void world(WorldSpec world) {
        for (LightSpec light : world.lights()) {
            double[] m = new double[16];
            Matrices.pose(light.pose(), m);
            lights.add(new SceneLight(light, -1, m));
        }
        for (ModelSpec model : world.models()) {
            model(model, model.pose(), model.name(), "");
        }
        Map<Integer, Map<String, Integer>> instances = instances(pending);
        for (Pending p : pending) {
            int instance = p.label() == 0 ? 0 : instances.get(p.label()).get(p.top());
            items.add(new DrawItem(
                    p.name(),
                    p.mesh(),
                    p.body(),
                    p.local(),
                    p.material(),
                    p.texture(),
                    p.opacity(),
                    p.flags(),
                    p.label(),
                    instance,
                    p.temperature()));
        }
    }

    /**
     * Per label, the instance number of each top-level model that shows it, as gz-rendering numbers them: visuals by
     * scoped name from last to first, a label's count going up at each new top-level model.
     */
    private static Map<Integer, Map<String, Integer>> instances(List<Pending> visuals) {
        List<Pending> byName = new ArrayList<>(visuals);
        byName.sort(Comparator.comparing(Pending::name).reversed());
        Map<Integer, Map<String, Integer>> instances = new HashMap<>();
        for (Pending p : byName) {
            if (p.label() != 0) {
                Map<String, Integer> models = instances.computeIfAbsent(p.label(), l -> new LinkedHashMap<>());
                models.putIfAbsent(p.top(), models.size() + 1);
            }
        }
        return instances;
    }

    private void model(ModelSpec model, Pose worldPose, String top, String scope) {
        for (LinkSpec link : model.links()) {
            int body = bodies.size();
            bodies.add(new RenderScene.Body(top, scope + link.name()));
            initialPoses.add(worldPose.compose(link.pose()));
            for (VisualSpec visual : link.visuals()) {
                visual(visual, body, top, top + "::" + scope + link.name());
            }
            for (LightSpec light : link.lights()) {
                double[] m = new double[16];
                Matrices.pose(light.pose(), m);
                lights.add(new SceneLight(light, body, m));
            }
        }
        for (ModelSpec nested : model.models()) {
            model(nested, worldPose.compose(nested.pose()), top, scope + nested.name() + "::");
        }
    }

    private void visual(VisualSpec visual, int body, String top, String linkName) {
        if (visual.transparency() >= 1) {
            return; // nothing of it would show, in any image
        }
        Optional<GpuMesh> mesh = mesh(visual.geometry());
        if (mesh.isEmpty()) {
            return;
        }
        MaterialSpec material = visual.material().orElse(DrawItem.DEFAULT_MATERIAL);
        int texture = material.albedoFile().map(textures::texture).orElse(0);
        double[] local = new double[16];
        Matrices.pose(visual.pose(), local);
        pending.add(new Pending(
                linkName + "::" + visual.name(),
                top,
                mesh.get(),
                body,
                local,
                material,
                texture,
                1 - visual.transparency(),
                visual.visibilityFlags(),
                visual.label().orElse(0),
                visual.temperature().orElse(Double.NaN)));
    }

    private Optional<GpuMesh> mesh(Geometry geometry) {
        GpuMesh known = meshes.get(geometry);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<GpuMesh> made = Tessellation.of(geometry).map(GpuMesh::new);
        made.ifPresent(m -> meshes.put(geometry, m));
        return made;
    }
}
