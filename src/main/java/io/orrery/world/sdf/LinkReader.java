package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
import io.orrery.world.LightSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.VisualSpec;
import io.orrery.world.sdf.InertialReader.ParsedCollision;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.jdom2.Attribute;
import org.jdom2.Element;

/**
 * A {@code <link>}: its pose, inertial, collisions (geometry and surface), sensors, visuals and lights. Visuals and
 * lights are read for cameras and still listed as display-only; sensors of a type Orrery does not simulate are kept
 * in the link's record and listed.
 */
final class LinkReader {

    private final IgnoredElements ignored;
    private final InertialReader inertials;
    private final GeometryReader geometries;
    private final SensorReader sensorReader;
    private final Set<String> simulatedSensors;
    private final VisualReader visualReader;

    LinkReader(
            IgnoredElements ignored,
            GeometryReader geometries,
            SensorReader sensorReader,
            Set<String> simulatedSensors) {
        this.ignored = ignored;
        this.inertials = new InertialReader(ignored);
        this.geometries = geometries;
        this.sensorReader = sensorReader;
        this.simulatedSensors = simulatedSensors;
        this.visualReader = new VisualReader(geometries);
    }

    /**
     * The link, its pose resolved in the model frame and the poses inside it in the link frame.
     *
     * @param graph the model's frames, the link among them
     * @param modelSelfCollide the model's {@code <self_collide>}, which the link's own overrides
     * @param modelEnableWind the model's {@code <enable_wind>}: the wind acts on the link when either says so
     */
    LinkSpec link(
            Element l,
            String modelWhere,
            FrameGraph graph,
            String modelName,
            boolean modelSelfCollide,
            boolean modelEnableWind) {
        String name = Values.requiredAttribute(l, "name", modelWhere);
        String where = modelWhere + " link '" + name + "'";
        Pose pose = graph.inScope(name);
        LinkFrame frame = new LinkFrame(graph, name, modelName);
        Element inertial = null;
        boolean selfCollide = modelSelfCollide;
        boolean enableWind = false;
        Siblings<ParsedCollision> collisions =
                new Siblings<>(where, "collision", c -> c.spec().name());
        Siblings<SensorSpec> sensors = new Siblings<>(where, "sensor", SensorSpec::name);
        List<VisualSpec> visuals = new ArrayList<>();
        List<LightSpec> lights = new ArrayList<>();
        for (Element c : l.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> {
                    // read with the model's frames
                }
                case "inertial" -> inertial = c;
                case "self_collide" -> selfCollide = Values.bool(c, where);
                case "enable_wind" -> enableWind = Values.bool(c, where);
                case "collision" -> collisions.add(c, collision(c, where, frame));
                case "sensor" -> {
                    SensorSpec sensor = sensorReader.sensor(c, where, frame);
                    sensors.add(c, sensor);
                    if (!simulatedSensors.contains(sensor.kind())) { // named with its type: "sensor" alone says little
                        ignored.add(c, where + " sensor '" + sensor.name() + "' of type " + sensor.type());
                    }
                }
                case "visual" -> {
                    visuals.add(visualReader.visual(c, where, frame));
                    ignored.add(c, where); // drawn by cameras, not simulated
                }
                case "light" -> {
                    lights.add(LightReader.linkLight(c, where, frame));
                    ignored.add(c, where);
                }
                default -> ignored.add(c, where);
            }
        }
        List<ParsedCollision> parsed = collisions.list();
        Optional<InertialSpec> inertialSpec =
                inertial == null ? Optional.empty() : Optional.of(inertials.inertial(inertial, where, name, parsed));
        return new LinkSpec(
                name,
                pose,
                inertialSpec,
                parsed.stream().map(ParsedCollision::spec).toList(),
                sensors.list(),
                selfCollide,
                visuals,
                lights,
                enableWind || modelEnableWind);
    }

    private ParsedCollision collision(Element c, String linkWhere, LinkFrame frame) {
        String name = Values.requiredAttribute(c, "name", linkWhere);
        String where = linkWhere + " collision '" + name + "'";
        Pose pose = Pose.IDENTITY;
        Element geometry = null;
        SurfaceSpec surface = SurfaceSpec.DEFAULT;
        OptionalDouble density = OptionalDouble.empty();
        for (Element e : c.getChildren()) {
            switch (e.getQualifiedName()) {
                case "pose" -> pose = frame.inLink(e, where, "collision", name);
                case "geometry" -> geometry = e;
                case "surface" -> surface = surface(e, where);
                case "density" -> density = OptionalDouble.of(Values.positive(e, where));
                default -> ignored.add(e, where);
            }
        }
        if (geometry == null) {
            throw fail(c, where, "<collision> needs a <geometry>");
        }
        Geometry shape = geometries.geometry(geometry, where);
        if (shape instanceof Geometry.Unsupported u && !u.kind().equals("empty")) {
            // the link gets no collision shape from it: listed, so it is not lost silently
            ignored.add(geometry.getChildren().get(0), where);
        }
        return new ParsedCollision(new CollisionSpec(name, pose, shape, surface), density);
    }

    /**
     * Friction from ODE's {@code <mu>} (else Bullet's {@code <friction>}), with ODE's {@code <mu2>} and {@code <fdir1>}
     * (its frame from {@code gz:expressed_in}); restitution from {@code <bounce>}.
     */
    private SurfaceSpec surface(Element s, String where) {
        double friction = SurfaceSpec.DEFAULT.friction();
        double restitution = SurfaceSpec.DEFAULT.restitution();
        Double friction2 = null;
        Vec3 fdir1 = Vec3.ZERO;
        String fdir1Frame = "";
        for (Element c : s.getChildren()) {
            switch (c.getQualifiedName()) {
                case "friction" -> {
                    Element ode = c.getChild("ode");
                    Element bullet = c.getChild("bullet");
                    if (ode != null && ode.getChild("mu") != null) {
                        friction = Values.nonNegative(ode.getChild("mu"), where);
                        if (ode.getChild("mu2") != null) {
                            friction2 = Values.nonNegative(ode.getChild("mu2"), where);
                        }
                        Element direction = ode.getChild("fdir1");
                        if (direction != null) {
                            fdir1 = Values.vec3(direction, where);
                            fdir1Frame = expressedIn(direction);
                        }
                    } else if (bullet != null && bullet.getChild("friction") != null) {
                        friction = Values.nonNegative(bullet.getChild("friction"), where);
                    }
                    listUnread(c, where, ode, bullet);
                }
                case "bounce" -> {
                    Element coefficient = c.getChild("restitution_coefficient");
                    if (coefficient != null) {
                        restitution = Values.nonNegative(coefficient, where);
                    }
                }
                default -> ignored.add(c, where);
            }
        }
        return new SurfaceSpec(friction, restitution, friction2 == null ? friction : friction2, fdir1, fdir1Frame);
    }

    /** The link named by {@code gz:expressed_in} (or its older {@code ignition:} spelling), empty when none. */
    private static String expressedIn(Element fdir1) {
        for (Attribute a : fdir1.getAttributes()) {
            if (a.getName().equals("expressed_in")) {
                return a.getValue().strip();
            }
        }
        return "";
    }

    /**
     * What a {@code <friction>} holds beyond what Orrery uses (ODE's mu, mu2 and fdir1, else Bullet's friction): slip,
     * torsional friction and the other engine's settings are listed as not simulated.
     */
    private void listUnread(Element friction, String where, Element ode, Element bullet) {
        String used = ode != null && ode.getChild("mu") != null ? "ode" : "bullet";
        for (Element engine : friction.getChildren()) {
            boolean isUsed = engine.getQualifiedName().equals(used);
            if (!isUsed) {
                ignored.add(engine, where + " friction");
                continue;
            }
            for (Element value : engine.getChildren()) {
                String name = value.getQualifiedName();
                boolean simulated = used.equals("ode")
                        ? name.equals("mu") || name.equals("mu2") || name.equals("fdir1")
                        : name.equals("friction");
                if (!simulated) {
                    ignored.add(value, where + " friction " + used);
                }
            }
        }
    }
}
