package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import org.jdom2.Element;

import io.orrery.world.CollisionSpec;
import io.orrery.world.InertialSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.sdf.InertialReader.ParsedCollision;

/**
 * A {@code <link>}: its pose, inertial, collisions (geometry and surface) and sensors; visuals are ignored, and so are
 * sensors of a type Orrery does not simulate (they are still kept in the link's record).
 */
final class LinkReader {

    private final IgnoredElements ignored;
    private final InertialReader inertials;
    private final SensorReader sensorReader;

    LinkReader(IgnoredElements ignored, SensorReader sensorReader) {
        this.ignored = ignored;
        this.inertials = new InertialReader(ignored);
        this.sensorReader = sensorReader;
    }

    LinkSpec link(Element l, String modelWhere) {
        String name = Values.requiredAttribute(l, "name", modelWhere);
        String where = modelWhere + " link '" + name + "'";
        Pose pose = Pose.IDENTITY;
        Element inertial = null;
        Siblings<ParsedCollision> collisions = new Siblings<>(where, "collision", c -> c.spec().name());
        Siblings<SensorSpec> sensors = new Siblings<>(where, "sensor", SensorSpec::name);
        for (Element c : l.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> {
                    Frames.checkRelativeTo(c, where, List.of("__model__"), "the model, '__model__'");
                    pose = Values.pose(c, where);
                }
                case "inertial" -> inertial = c;
                case "collision" -> collisions.add(c, collision(c, where, name));
                case "sensor" -> {
                    SensorSpec sensor = sensorReader.sensor(c, where, name);
                    sensors.add(c, sensor);
                    if (!sensor.isSimulated()) {
                        ignored.add(c, where);
                    }
                }
                default -> ignored.add(c, where);
            }
        }
        List<ParsedCollision> parsed = collisions.list();
        Optional<InertialSpec> inertialSpec = inertial == null ? Optional.empty()
                : Optional.of(inertials.inertial(inertial, where, name, parsed));
        return new LinkSpec(name, pose, inertialSpec, parsed.stream().map(ParsedCollision::spec).toList(),
                sensors.list());
    }

    private ParsedCollision collision(Element c, String linkWhere, String linkName) {
        String name = Values.requiredAttribute(c, "name", linkWhere);
        String where = linkWhere + " collision '" + name + "'";
        Pose pose = Pose.IDENTITY;
        Element geometry = null;
        SurfaceSpec surface = SurfaceSpec.DEFAULT;
        OptionalDouble density = OptionalDouble.empty();
        for (Element e : c.getChildren()) {
            switch (e.getQualifiedName()) {
                case "pose" -> {
                    Frames.checkRelativeTo(e, where, List.of(linkName), "the link '" + linkName + "'");
                    pose = Values.pose(e, where);
                }
                case "geometry" -> geometry = e;
                case "surface" -> surface = surface(e, where);
                case "density" -> density = OptionalDouble.of(Values.positive(e, where));
                default -> ignored.add(e, where);
            }
        }
        if (geometry == null) {
            throw fail(c, where, "<collision> needs a <geometry>");
        }
        return new ParsedCollision(new CollisionSpec(name, pose, GeometryReader.geometry(geometry, where), surface),
                density);
    }

    /** Friction from ODE's {@code <mu>} (else Bullet's {@code <friction>}), restitution from {@code <bounce>}. */
    private SurfaceSpec surface(Element s, String where) {
        double friction = SurfaceSpec.DEFAULT.friction();
        double restitution = SurfaceSpec.DEFAULT.restitution();
        for (Element c : s.getChildren()) {
            switch (c.getQualifiedName()) {
                case "friction" -> {
                    Element ode = c.getChild("ode");
                    Element bullet = c.getChild("bullet");
                    if (ode != null && ode.getChild("mu") != null) {
                        friction = Values.nonNegative(ode.getChild("mu"), where);
                    } else if (bullet != null && bullet.getChild("friction") != null) {
                        friction = Values.nonNegative(bullet.getChild("friction"), where);
                    }
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
        return new SurfaceSpec(friction, restitution);
    }
}
