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

    /** Per label, the instance number of each top-level model that shows it, in the world's order. */
    private final Map<Integer, Map<String, Integer>> instances = new HashMap<>();

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
        int label = visual.label().orElse(0);
        int instance = 0;
        if (label != 0) {
            Map<String, Integer> models = instances.computeIfAbsent(label, l -> new LinkedHashMap<>());
            Integer known = models.get(top);
            instance = known != null ? known : models.size() + 1;
            models.put(top, instance);
        }
        items.add(new DrawItem(
                linkName + "::" + visual.name(),
                mesh.get(),
                body,
                local,
                material,
                texture,
                1 - visual.transparency(),
                visual.visibilityFlags(),
                label,
                instance));
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
