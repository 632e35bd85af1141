package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.Bitmask;
import io.orrery.world.Geometry;
import io.orrery.world.MaterialSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.VisualSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.jdom2.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A link's {@code <visual>}: pose, geometry (a file that cannot be read makes it undrawn, with a warning), material,
 * transparency, visibility flags and the label of Gazebo's label system. Elements only a GUI uses ({@code <meta>})
 * are passed over: the visual as a whole is listed as display-only.
 */
final class VisualReader {

    // logged under SdfReader, the logger users configure for SDF reading
    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);

    private final GeometryReader geometries;
    private final MaterialReader materials;

    VisualReader(GeometryReader geometries) {
        this.geometries = geometries;
        this.materials = new MaterialReader(geometries.files());
    }

    VisualSpec visual(Element v, String linkWhere, LinkFrame frame) {
        String name = Values.requiredAttribute(v, "name", linkWhere);
        String where = linkWhere + " visual '" + name + "'";
        Pose pose = Pose.IDENTITY;
        Element geometry = null;
        Optional<MaterialSpec> material = Optional.empty();
        boolean castShadows = true;
        double transparency = 0;
        double laserRetro = 0;
        long flags = VisualSpec.ALL_VISIBILITY_FLAGS;
        OptionalInt label = OptionalInt.empty();
        List<PluginSpec> plugins = new ArrayList<>();
        for (Element c : v.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> pose = frame.inLink(c, where, "visual", name);
                case "geometry" -> geometry = c;
                case "material" -> material = Optional.of(materials.material(c, where));
                case "cast_shadows" -> castShadows = Values.bool(c, where);
                case "transparency" -> transparency = Values.between(c, 0, 1, where);
                case "laser_retro" -> laserRetro = Values.number(c, where);
                case "visibility_flags" -> flags = flags(c, where);
                case "plugin" -> {
                    plugins.add(PluginReader.plugin(c, where));
                    ThermalPlugin.check(c, where);
                    OptionalInt own = LabelPlugin.label(c, where);
                    if (own.isPresent()) {
                        label = own;
                    }
                }
                default -> {
                    // <meta> and the rest: the visual is listed as display-only as a whole
                }
            }
        }
        Geometry shape;
        if (geometry == null) {
            // SDF requires one, but a display-only element does not refuse a world Orrery can simulate
            LOG.warn("{}:{}: {}: <visual> has no <geometry>; it is not drawn", Values.source(v), line(v), where);
            shape = new Geometry.Unsupported("empty", "no <geometry>");
        } else {
            shape = geometries.visualGeometry(geometry, where);
        }
        return new VisualSpec(
                name, pose, shape, material, castShadows, transparency, laserRetro, flags, label, plugins, line(v));
    }

    /** SDF's {@code <visibility_flags>}: an unsigned 32-bit number. */
    private static long flags(Element e, String where) {
        return Bitmask.parse(text(e))
                .orElseThrow(() -> fail(
                        e,
                        where,
                        "<visibility_flags> must be a whole number from 0 to 4294967295 (or 0x0 to 0xFFFFFFFF), got '"
                                + text(e) + "'"));
    }
}
