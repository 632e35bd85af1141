package io.orrery.world.sdf;

import io.orrery.world.Color;
import io.orrery.world.PerformerSpec;
import io.orrery.world.PhysicsSpec;
import io.orrery.world.Pose;
import io.orrery.world.RoadSpec;
import io.orrery.world.SceneSpec;
import io.orrery.world.SphericalCoordinates;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdom2.Element;

/** The world-level elements other than models and plugins: physics settings, the GUI camera, roads, the scene. */
final class WorldElements {

    private final IgnoredElements ignored;

    WorldElements(IgnoredElements ignored) {
        this.ignored = ignored;
    }

    /** The {@code <physics>} marked default (else the first); the others are ignored. */
    PhysicsSpec physics(List<Element> candidates, String worldWhere) {
        if (candidates.isEmpty()) {
            return PhysicsSpec.DEFAULT;
        }
        Element chosen = candidates.stream()
                .filter(p -> Values.boolAttribute(p, "default", false, worldWhere))
                .findFirst()
                .orElse(candidates.get(0));
        for (Element other : candidates) {
            if (other != chosen) {
                ignored.add(other, worldWhere);
            }
        }
        String where = worldWhere + " physics '" + chosen.getAttributeValue("name", "") + "'";
        double step = PhysicsSpec.DEFAULT.maxStepSize();
        double factor = PhysicsSpec.DEFAULT.realTimeFactor();
        double rate = PhysicsSpec.DEFAULT.realTimeUpdateRate();
        for (Element c : chosen.getChildren()) {
            switch (c.getQualifiedName()) {
                case "max_step_size" -> step = Values.positive(c, where);
                case "real_time_factor" -> {
                    factor = Values.nonNegative(c, where);
                    // as the API and triggers (TriggerAction.MIN_POSITIVE_REAL_TIME_FACTOR): below it the runner
                    // would wait so long for each step that it stops serving commands
                    if (factor > 0 && factor < 0.001) {
                        throw Values.fail(
                                c,
                                where,
                                "<real_time_factor> must be 0 or at least 0.001, got '" + Values.text(c) + "'");
                    }
                }
                case "real_time_update_rate" -> rate = Values.nonNegative(c, where);
                default -> ignored.add(c, where);
            }
        }
        return new PhysicsSpec(step, factor, rate);
    }

    /** The pose of the {@code <gui><camera>}, if it has one. */
    Optional<Pose> guiCamera(Element gui, String worldWhere) {
        String where = worldWhere + " gui";
        Optional<Pose> pose = Optional.empty();
        for (Element c : gui.getChildren()) {
            if (!c.getQualifiedName().equals("camera")) {
                ignored.add(c, where);
                continue;
            }
            for (Element p : c.getChildren()) {
                if (p.getQualifiedName().equals("pose")) {
                    String relativeTo = Frames.relativeTo(p);
                    if (!relativeTo.isEmpty() && !relativeTo.equals(FrameGraph.WORLD_FRAME)) {
                        throw Values.fail(
                                p,
                                where + " camera",
                                "relative_to='" + relativeTo + "' is not supported"
                                        + " on the GUI camera's <pose>: it is in the world frame");
                    }
                    pose = Optional.of(Values.pose(p, where + " camera"));
                } else {
                    ignored.add(p, where + " camera");
                }
            }
        }
        return pose;
    }

    /** The {@code <scene>}: ambient light and background for cameras; the GUI's settings kept. */
    static SceneSpec scene(Element scene, String worldWhere) {
        String where = worldWhere + " scene";
        SceneSpec d = SceneSpec.DEFAULT;
        Color ambient = d.ambient();
        Color background = d.background();
        boolean shadows = d.shadows();
        boolean grid = d.grid();
        boolean origin = d.originVisual();
        for (Element c : scene.getChildren()) {
            switch (c.getQualifiedName()) {
                case "ambient" -> ambient = Values.color(c, where);
                case "background" -> background = Values.color(c, where);
                case "shadows" -> shadows = Values.bool(c, where);
                case "grid" -> grid = Values.bool(c, where);
                case "origin_visual" -> origin = Values.bool(c, where);
                default -> {
                    // <sky>, <fog>: the scene is listed as display-only as a whole
                }
            }
        }
        return new SceneSpec(ambient, background, shadows, grid, origin);
    }

    RoadSpec road(Element road, String worldWhere) {
        String name = Values.requiredAttribute(road, "name", worldWhere);
        String where = worldWhere + " road '" + name + "'";
        double width = 1.0;
        List<Vec3> points = new ArrayList<>();
        for (Element c : road.getChildren()) {
            switch (c.getQualifiedName()) {
                case "width" -> width = Values.positive(c, where);
                case "point" -> points.add(Values.vec3(c, where));
                default -> ignored.add(c, where);
            }
        }
        return new RoadSpec(name, width, points);
    }

    /**
     * {@code <spherical_coordinates>} on Earth's WGS84 ellipsoid with an ENU world frame, SDF's defaults for what it
     * leaves out; empty for another surface or frame orientation, which the caller lists as not simulated.
     */
    static Optional<SphericalCoordinates> sphericalCoordinates(Element e, String worldWhere) {
        String where = worldWhere + " spherical_coordinates";
        String surface = e.getChildTextTrim("surface_model");
        String frame = e.getChildTextTrim("world_frame_orientation");
        if ((surface != null && !surface.equals("EARTH_WGS84")) || (frame != null && !frame.equals("ENU"))) {
            return Optional.empty();
        }
        double latitude = 0;
        double longitude = 0;
        double elevation = 0;
        double heading = 0;
        for (Element c : e.getChildren()) {
            switch (c.getQualifiedName()) {
                case "latitude_deg" -> latitude = Values.between(c, -90, 90, where);
                case "longitude_deg" -> longitude = Values.between(c, -180, 180, where);
                case "elevation" -> elevation = Values.number(c, where);
                case "heading_deg" -> heading = Values.number(c, where);
                default -> {} // surface and frame read above; a custom surface's radii go with CUSTOM_SURFACE
            }
        }
        return Optional.of(new SphericalCoordinates(latitude, longitude, elevation, heading));
    }

    /**
     * True for gz-sim's own configuration in a world, {@code <plugin name="gz::sim">} (or {@code ignition::gazebo})
     * whatever its filename (worlds write {@code dummy}): gz sim's level manager reads it, no system is loaded.
     */
    static boolean isServerConfiguration(Element plugin) {
        String name = plugin.getAttributeValue("name", "").strip();
        return name.equals("gz::sim") || name.equals("ignition::gazebo");
    }

    /**
     * The {@code <performer>}s of gz-sim's server configuration, each a name, the {@code <ref>} of the model it
     * follows and a {@code <geometry><box>}. Its {@code <level>}s are listed as not simulated: Orrery loads every
     * model from the start, as gz sim does unless started with {@code --levels}.
     */
    List<PerformerSpec> performers(Element plugin, String worldWhere) {
        String where = worldWhere + " plugin 'gz::sim'";
        List<PerformerSpec> performers = new ArrayList<>();
        for (Element c : plugin.getChildren()) {
            if (c.getQualifiedName().equals("performer")) {
                performers.add(performer(c, where));
            } else if (c.getQualifiedName().equals("level")) {
                ignored.add(c, where);
            }
        }
        return performers;
    }

    private static PerformerSpec performer(Element e, String pluginWhere) {
        String name = Values.requiredAttribute(e, "name", pluginWhere + " performer");
        String where = pluginWhere + " performer '" + name + "'";
        Element ref = e.getChild("ref");
        if (ref == null || Values.text(ref).isEmpty()) {
            throw Values.fail(e, where, "needs a <ref> naming the model it follows");
        }
        Element box =
                e.getChild("geometry") == null ? null : e.getChild("geometry").getChild("box");
        Element size = box == null ? null : box.getChild("size");
        if (size == null) {
            throw Values.fail(
                    e, where, "needs <geometry><box><size>: gz-sim's levels and performer detectors use a box");
        }
        return new PerformerSpec(name, Values.text(ref), Values.positiveVec3(size, where), Values.line(e));
    }
}
