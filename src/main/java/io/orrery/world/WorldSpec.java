package io.orrery.world;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A world as read from an SDF file: immutable, and free of XML. Poses of top-level models are in the
 * world frame.
 *
 * @param source the file it was read from (absolute), or a descriptive path for in-memory documents
 * @param sdfVersion the {@code <sdf version>} attribute
 * @param name the {@code <world name>}
 * @param gravity gravity in m/s² (SDF default 0 0 -9.8)
 * @param magneticField the {@code <magnetic_field>} in tesla, in the world frame (SDF's default when absent)
 * @param physics the {@code <physics>} settings
 * @param guiCameraPose the {@code <gui><camera><pose>}, if any
 * @param roads the {@code <road>} elements
 * @param plugins world-level {@code <plugin>} elements
 * @param models top-level models, includes resolved
 * @param ignored elements Orrery keeps but does not simulate (lights, visuals, sensors, actors, ...)
 * @param document the original document, kept so the running world can be written back to SDF
 * @param state the {@code <state>} the world starts from (a saved world's), if any
 * @param scene the {@code <scene>}: ambient light and background (SDF's defaults when absent)
 * @param lights the world's own {@code <light>} elements, in the world frame (links hold their own)
 * @param sphericalCoordinates {@code <spherical_coordinates>} (WGS84, ENU), where navigation satellite sensors place
 *     the world; empty when the world gives none or another surface or frame
 * @param wind the {@code <wind><linear_velocity>} in m/s, world frame (zero when absent): what gz-sim's WindEffects
 *     system starts from
 * @param performers the {@code <performer>}s of gz-sim's server configuration ({@code <plugin name="gz::sim">}),
 *     which Gazebo's PerformerDetector watches
 */
public record WorldSpec(
        Path source,
        String sdfVersion,
        String name,
        Vec3 gravity,
        Vec3 magneticField,
        PhysicsSpec physics,
        Optional<Pose> guiCameraPose,
        List<RoadSpec> roads,
        List<PluginSpec> plugins,
        List<ModelSpec> models,
        List<IgnoredElement> ignored,
        SourceDocument document,
        Optional<StateSpec> state,
        SceneSpec scene,
        List<LightSpec> lights,
        Optional<SphericalCoordinates> sphericalCoordinates,
        Vec3 wind,
        List<PerformerSpec> performers,
        AtmosphereSpec atmosphere) {

    /** SDF's default {@code <magnetic_field>}, tesla (ENU): what a world that sets none has. */
    public static final Vec3 DEFAULT_MAGNETIC_FIELD = new Vec3(5.5645e-6, 22.8758e-6, -42.3884e-6);

    /**
     * A world made in code (tests, benchmarks): its models under {@code gravity} and {@code physics}, and SDF's
     * defaults for the rest: magnetic field, scene, no lights, roads, plugins, {@code <state>}, spherical coordinates
     * or wind, and an empty source document.
     */
    public static WorldSpec of(
            Path source, String sdfVersion, String name, Vec3 gravity, PhysicsSpec physics, List<ModelSpec> models) {
        return new WorldSpec(
                source,
                sdfVersion,
                name,
                gravity,
                DEFAULT_MAGNETIC_FIELD,
                physics,
                Optional.empty(),
                List.of(),
                List.of(),
                models,
                List.of(),
                new SourceDocument(""),
                Optional.empty(),
                SceneSpec.DEFAULT,
                List.of(),
                Optional.empty(),
                Vec3.ZERO,
                List.of(),
                AtmosphereSpec.DEFAULT);
    }

    public WorldSpec {
        roads = List.copyOf(roads);
        plugins = List.copyOf(plugins);
        models = List.copyOf(models);
        ignored = List.copyOf(ignored);
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(atmosphere, "atmosphere");
        Objects.requireNonNull(scene, "scene");
        lights = List.copyOf(lights);
        Objects.requireNonNull(sphericalCoordinates, "sphericalCoordinates");
        Objects.requireNonNull(wind, "wind");
        performers = List.copyOf(performers);
    }

    /** The top-level model of that name, if present. */
    public Optional<ModelSpec> model(String modelName) {
        return models.stream().filter(m -> m.name().equals(modelName)).findFirst();
    }
}
