package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;

import io.orrery.world.Color;
import io.orrery.world.LightSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.Locale;
import org.jdom2.Element;

/** A {@code <light>} of the world or of a link, with SDF's defaults for what it leaves out. */
final class LightReader {

    /** SDF's default light colours. */
    private static final Color DEFAULT_DIFFUSE = Color.WHITE;

    private static final Color DEFAULT_SPECULAR = Color.grey(0.1);

    private LightReader() {}

    /** A world's light: its pose in the world frame (no other frame may be named). */
    static LightSpec worldLight(Element l, String worldWhere) {
        return light(l, worldWhere, null);
    }

    /** A link's light: its pose resolved in the link frame. */
    static LightSpec linkLight(Element l, String linkWhere, LinkFrame frame) {
        return light(l, linkWhere, frame);
    }

    private static LightSpec light(Element l, String parentWhere, LinkFrame frame) {
        String name = Values.requiredAttribute(l, "name", parentWhere);
        String where = parentWhere + " light '" + name + "'";
        String typeName = l.getAttributeValue("type", "point").strip();
        LightSpec.Type type = switch (typeName) {
            case "point" -> LightSpec.Type.POINT;
            case "directional" -> LightSpec.Type.DIRECTIONAL;
            case "spot" -> LightSpec.Type.SPOT;
            default ->
                throw fail(
                        l, where, "type=\"" + typeName + "\" is not a light type: expected point, directional or spot");
        };
        Pose pose = Pose.IDENTITY;
        Color diffuse = DEFAULT_DIFFUSE;
        Color specular = DEFAULT_SPECULAR;
        double intensity = 1;
        LightSpec.Attenuation attenuation = LightSpec.Attenuation.DEFAULT;
        Vec3 direction = new Vec3(0, 0, -1);
        LightSpec.Spot spot = LightSpec.Spot.DEFAULT;
        boolean castShadows = false;
        for (Element c : l.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> pose = pose(c, where, name, frame);
                case "diffuse" -> diffuse = Values.color(c, where);
                case "specular" -> specular = Values.color(c, where);
                case "intensity" -> intensity = Values.nonNegative(c, where);
                case "attenuation" -> attenuation = attenuation(c, where);
                case "direction" -> {
                    direction = Values.vec3(c, where);
                    if (direction.length() == 0) {
                        throw fail(c, where, "<direction> must not be the zero vector");
                    }
                }
                case "spot" -> spot = spot(c, where);
                case "cast_shadows" -> castShadows = Values.bool(c, where);
                default -> {
                    // <visualize>, <light_on> and the rest: the light is listed as display-only as a whole
                }
            }
        }
        return new LightSpec(
                name, type, pose, diffuse, specular, intensity, attenuation, direction, spot, castShadows, line(l));
    }

    private static Pose pose(Element p, String where, String name, LinkFrame frame) {
        if (frame != null) {
            return frame.inLink(p, where, "light", name);
        }
        String relativeTo = Frames.relativeTo(p);
        if (!relativeTo.isEmpty() && !relativeTo.equals(FrameGraph.WORLD_FRAME)) {
            throw fail(
                    p,
                    where,
                    "relative_to='" + relativeTo + "' is not supported on a world's light: its pose is in the"
                            + " world frame");
        }
        return Values.pose(p, where);
    }

    private static LightSpec.Attenuation attenuation(Element a, String where) {
        LightSpec.Attenuation d = LightSpec.Attenuation.DEFAULT;
        double range = d.range();
        double constant = d.constant();
        double linear = d.linear();
        double quadratic = d.quadratic();
        for (Element c : a.getChildren()) {
            switch (c.getQualifiedName().toLowerCase(Locale.ROOT)) {
                case "range" -> range = Values.nonNegative(c, where);
                case "constant" -> constant = Values.nonNegative(c, where);
                case "linear" -> linear = Values.nonNegative(c, where);
                case "quadratic" -> quadratic = Values.nonNegative(c, where);
                default -> {
                    // nothing else is defined
                }
            }
        }
        return new LightSpec.Attenuation(range, constant, linear, quadratic);
    }

    private static LightSpec.Spot spot(Element s, String where) {
        LightSpec.Spot d = LightSpec.Spot.DEFAULT;
        double inner = d.innerAngle();
        double outer = d.outerAngle();
        double falloff = d.falloff();
        for (Element c : s.getChildren()) {
            switch (c.getQualifiedName()) {
                case "inner_angle" -> inner = Values.between(c, 0, 2 * Math.PI, where);
                case "outer_angle" -> outer = Values.between(c, 0, 2 * Math.PI, where);
                case "falloff" -> falloff = Values.nonNegative(c, where);
                default -> {
                    // nothing else is defined
                }
            }
        }
        return new LightSpec.Spot(inner, outer, falloff);
    }
}
