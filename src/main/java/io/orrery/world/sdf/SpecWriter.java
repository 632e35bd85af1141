package io.orrery.world.sdf;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointDynamics;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.SdfElement;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.VisualSpec;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.jdom2.Attribute;
import org.jdom2.Element;
import org.jdom2.Namespace;

/**
 * Turns world records back into SDF elements, the inverse of {@link SpecReader} for what the records hold: a model
 * spawned without SDF text is written from its spec, visuals and lights included. Elements the records do not keep
 * cannot be written, and collisions and visuals with an unsupported geometry (polyline, image, a mesh whose file
 * could not be read) are left out.
 */
final class SpecWriter {

    /** Angles closer to zero than this are written as 0: the noise of the quaternion round trip, not data. */
    private static final double ANGLE_NOISE = 1e-12;
    /** The namespace of Gazebo's attributes such as {@code gz:expressed_in}. */
    private static final String GZ_SCHEMA = "http://gazebosim.org/schema";

    private static final MathContext SIGNIFICANT = new MathContext(15, RoundingMode.HALF_EVEN);

    private SpecWriter() {}

    // ---------------------------------------------------------------- values

    /**
     * A number as SDF text: integers without a decimal point, others to 15 significant digits, which every double
     * survives within a part in 10¹⁵ and which reads back to the same text when saved again (so no drift).
     */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("cannot write a non-finite number to SDF: " + value);
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        BigDecimal rounded = new BigDecimal(value).round(SIGNIFICANT).stripTrailingZeros();
        double magnitude = Math.abs(value);
        // plain notation where it is short; exponents (which SDF reads too) for the very small and large
        return magnitude >= 1e-6 && magnitude < 1e15 ? rounded.toPlainString() : rounded.toString();
    }

    static String numbers(double... values) {
        return java.util.Arrays.stream(values).mapToObj(SpecWriter::number).collect(Collectors.joining(" "));
    }

    static String vec3(Vec3 v) {
        return numbers(v.x(), v.y(), v.z());
    }

    /** Six numbers: x y z roll pitch yaw, in metres and radians. */
    static String poseText(Pose pose) {
        Vec3 rpy = pose.rotation().toEuler();
        return numbers(pose.x(), pose.y(), pose.z(), angle(rpy.x()), angle(rpy.y()), angle(rpy.z()));
    }

    private static double angle(double radians) {
        return Math.abs(radians) < ANGLE_NOISE ? 0 : radians;
    }

    /**
     * Writes {@code pose} into a {@code <pose>} element as six numbers in radians, dropping the attributes that would
     * change their meaning ({@code degrees}, {@code rotation_format}, {@code relative_to}, {@code frame}): the pose
     * is always in the element's default parent frame.
     */
    static void setPose(Element element, Pose pose) {
        for (String attribute : new String[] {"degrees", "rotation_format", "relative_to", "frame"}) {
            element.removeAttribute(attribute);
        }
        element.setText(poseText(pose));
    }

    static Element element(String name, String text) {
        return new Element(name).setText(text);
    }

    static Element pose(Pose pose) {
        return element("pose", poseText(pose));
    }

    // ---------------------------------------------------------------- models

    /** A {@code <model>}, or an {@code <include>} when the model came from one. */
    static Element model(ModelSpec model) {
        if (model.includeUri().isPresent()) {
            return include(model);
        }
        Element m = new Element("model").setAttribute("name", model.name());
        m.addContent(pose(model.pose()));
        m.addContent(element("static", Boolean.toString(model.isStatic())));
        if (!model.allowAutoDisable()) {
            m.addContent(element("allow_auto_disable", "false"));
        }
        model.links().forEach(l -> m.addContent(link(l)));
        model.joints().forEach(j -> m.addContent(joint(j)));
        model.plugins().forEach(p -> m.addContent(plugin(p)));
        model.models().forEach(n -> m.addContent(model(n)));
        return m;
    }

    /** An {@code <include>} of the model's URI with its name, pose and static flag. */
    static Element include(ModelSpec model) {
        Element inc = new Element("include");
        inc.addContent(element("uri", model.includeUri().orElseThrow()));
        inc.addContent(element("name", model.name()));
        inc.addContent(pose(model.pose()));
        inc.addContent(element("static", Boolean.toString(model.isStatic())));
        return inc;
    }

    private static Element link(LinkSpec link) {
        Element l = new Element("link").setAttribute("name", link.name());
        if (!link.pose().equals(Pose.IDENTITY)) {
            l.addContent(pose(link.pose()));
        }
        link.inertial().ifPresent(i -> l.addContent(inertial(i)));
        if (link.selfCollide()) { // the model's or its own: written on the link, where it means the same
            l.addContent(element("self_collide", "true"));
        }
        if (link.enableWind()) { // likewise the model's or its own
            l.addContent(element("enable_wind", "true"));
        }
        for (CollisionSpec c : link.collisions()) {
            if (!(c.geometry() instanceof Geometry.Unsupported)) {
                l.addContent(collision(c));
            }
        }
        link.sensors().forEach(sensor -> l.addContent(tree(sensor.element())));
        for (VisualSpec v : link.visuals()) {
            if (!(v.geometry() instanceof Geometry.Unsupported)) {
                l.addContent(VisualWriter.visual(v));
            }
        }
        link.lights().forEach(light -> l.addContent(VisualWriter.light(light)));
        return l;
    }

    private static Element inertial(InertialSpec inertial) {
        Element in = new Element("inertial");
        if (!inertial.pose().equals(Pose.IDENTITY)) {
            in.addContent(pose(inertial.pose()));
        }
        in.addContent(element("mass", number(inertial.mass())));
        inertial.inertia().ifPresent(t -> {
            Element inertia = new Element("inertia");
            inertia.addContent(element("ixx", number(t.ixx())));
            inertia.addContent(element("ixy", number(t.ixy())));
            inertia.addContent(element("ixz", number(t.ixz())));
            inertia.addContent(element("iyy", number(t.iyy())));
            inertia.addContent(element("iyz", number(t.iyz())));
            inertia.addContent(element("izz", number(t.izz())));
            in.addContent(inertia);
        });
        return in;
    }

    private static Element collision(CollisionSpec collision) {
        Element c = new Element("collision").setAttribute("name", collision.name());
        if (!collision.pose().equals(Pose.IDENTITY)) {
            c.addContent(pose(collision.pose()));
        }
        c.addContent(geometryElement(collision.geometry()));
        SurfaceSpec surface = collision.surface();
        if (!surface.equals(SurfaceSpec.DEFAULT)) {
            Element ode = new Element("ode").addContent(element("mu", number(surface.friction())));
            if (surface.anisotropic()) {
                ode.addContent(element("mu2", number(surface.friction2())));
            }
            if (!surface.fdir1().equals(Vec3.ZERO)) {
                Element fdir1 = element("fdir1", vec3(surface.fdir1()));
                if (!surface.fdir1Frame().isEmpty()) {
                    fdir1.setAttribute("expressed_in", surface.fdir1Frame(), Namespace.getNamespace("gz", GZ_SCHEMA));
                }
                ode.addContent(fdir1);
            }
            Element restitution = element("restitution_coefficient", number(surface.restitution()));
            c.addContent(new Element("surface")
                    .addContent(new Element("friction").addContent(ode))
                    .addContent(new Element("bounce").addContent(restitution)));
        }
        return c;
    }

    /** The {@code <geometry>} element: one shape, or every polyline of a polyline geometry. */
    static Element geometryElement(Geometry geometry) {
        Element g = new Element("geometry");
        if (geometry instanceof Geometry.Polyline p) {
            List<double[]> outlines = p.outlines();
            for (int i = 0; i < outlines.size(); i++) {
                Element polyline = new Element("polyline");
                double[] xy = outlines.get(i);
                for (int k = 0; k < xy.length; k += 2) {
                    polyline.addContent(element("point", numbers(xy[k], xy[k + 1])));
                }
                g.addContent(
                        polyline.addContent(element("height", number(p.heights().get(i)))));
            }
            return g;
        }
        return g.addContent(geometry(geometry));
    }

    static Element geometry(Geometry geometry) {
        if (geometry instanceof Geometry.Box b) {
            return new Element("box").addContent(element("size", vec3(b.size())));
        } else if (geometry instanceof Geometry.Sphere s) {
            return new Element("sphere").addContent(element("radius", number(s.radius())));
        } else if (geometry instanceof Geometry.Cylinder c) {
            return radiusLength("cylinder", c.radius(), c.length());
        } else if (geometry instanceof Geometry.Capsule c) {
            return radiusLength("capsule", c.radius(), c.length());
        } else if (geometry instanceof Geometry.Cone c) {
            return radiusLength("cone", c.radius(), c.length());
        } else if (geometry instanceof Geometry.Ellipsoid e) {
            return new Element("ellipsoid").addContent(element("radii", vec3(e.radii())));
        } else if (geometry instanceof Geometry.Plane p) {
            return new Element("plane")
                    .addContent(element("normal", vec3(p.normal())))
                    .addContent(element("size", numbers(p.sizeX(), p.sizeY())));
        } else if (geometry instanceof Geometry.Mesh m) {
            return mesh(m);
        } else if (geometry instanceof Geometry.Heightmap h) {
            return new Element("heightmap")
                    .addContent(element("uri", h.uri()))
                    .addContent(element("size", vec3(h.size())))
                    .addContent(element("pos", vec3(h.pos())));
        }
        throw new IllegalArgumentException("cannot write geometry " + geometry + " to SDF");
    }

    private static Element mesh(Geometry.Mesh m) {
        Element mesh = new Element("mesh").addContent(element("uri", m.uri()));
        if (m.optimization() != Geometry.MeshOptimization.NONE) {
            mesh.setAttribute("optimization", m.optimization().name().toLowerCase(Locale.ROOT));
            mesh.addContent(new Element("convex_decomposition")
                    .addContent(element("max_convex_hulls", Integer.toString(m.maxConvexHulls())))
                    .addContent(element("voxel_resolution", Integer.toString(m.voxelResolution()))));
        }
        m.submesh()
                .ifPresent(name -> mesh.addContent(new Element("submesh")
                        .addContent(element("name", name))
                        .addContent(element("center", Boolean.toString(m.center())))));
        return mesh.addContent(element("scale", vec3(m.scale())));
    }

    private static Element radiusLength(String shape, double radius, double length) {
        return new Element(shape)
                .addContent(element("radius", number(radius)))
                .addContent(element("length", number(length)));
    }

    private static Element joint(JointSpec joint) {
        Element j = new Element("joint")
                .setAttribute("name", joint.name())
                .setAttribute("type", joint.type().name().toLowerCase(Locale.ROOT));
        j.addContent(element("parent", joint.parent()));
        j.addContent(element("child", joint.child()));
        if (!joint.pose().equals(Pose.IDENTITY)) {
            j.addContent(pose(joint.pose()));
        }
        if (joint.type() != JointType.FIXED && joint.type() != JointType.BALL) {
            j.addContent(axis("axis", joint.axis(), joint.limits(), joint.dynamics()));
        }
        joint.axis2().ifPresent(a -> j.addContent(axis("axis2", a.xyz(), a.limits(), a.dynamics())));
        if (joint.type() == JointType.SCREW) {
            j.addContent(element("screw_thread_pitch", number(joint.screwThreadPitch())));
        }
        if (joint.type() == JointType.GEARBOX) {
            j.addContent(element("gearbox_ratio", number(joint.gearboxRatio())));
            j.addContent(element("gearbox_reference_body", joint.gearboxReference()));
        }
        joint.sensors().forEach(sensor -> j.addContent(tree(sensor.element())));
        return j;
    }

    private static Element axis(String name, Vec3 xyz, JointLimits limits, JointDynamics dynamics) {
        Element axis = new Element(name).addContent(element("xyz", vec3(xyz)));
        if (!limits.equals(JointLimits.NONE)) {
            axis.addContent(new Element("limit")
                    .addContent(element("lower", number(limits.lower())))
                    .addContent(element("upper", number(limits.upper())))
                    .addContent(element("effort", number(limits.effort())))
                    .addContent(element("velocity", number(limits.velocity()))));
        }
        if (!dynamics.equals(JointDynamics.NONE)) {
            axis.addContent(new Element("dynamics")
                    .addContent(element("damping", number(dynamics.damping())))
                    .addContent(element("friction", number(dynamics.friction())))
                    .addContent(element("spring_reference", number(dynamics.springReference())))
                    .addContent(element("spring_stiffness", number(dynamics.springStiffness()))));
        }
        return axis;
    }

    static Element plugin(PluginSpec plugin) {
        Element p =
                new Element("plugin").setAttribute("name", plugin.name()).setAttribute("filename", plugin.filename());
        if (plugin.required()) {
            p.setAttribute("required", "true");
        }
        plugin.parameters().forEach(e -> p.addContent(tree(e)));
        return p;
    }

    /** An element tree back from plain data; a prefix the tree does not declare stays undeclared, as it was read. */
    static Element tree(SdfElement data) {
        Element e = new Element(localName(data.name()), namespace(data.name()));
        for (Map.Entry<String, String> a : data.attributes().entrySet()) {
            e.setAttribute(new Attribute(localName(a.getKey()), a.getValue(), namespace(a.getKey())));
        }
        if (!data.text().isEmpty()) {
            e.setText(data.text());
        }
        data.children().forEach(c -> e.addContent(tree(c)));
        return e;
    }

    private static String localName(String qualified) {
        return qualified.substring(qualified.indexOf(':') + 1);
    }

    private static Namespace namespace(String qualified) {
        int colon = qualified.indexOf(':');
        if (colon <= 0) {
            return Namespace.NO_NAMESPACE;
        }
        String prefix = qualified.substring(0, colon);
        return prefix.equals("xml")
                ? Namespace.XML_NAMESPACE
                : Namespace.getNamespace(prefix, LenientNamespaceFilter.undeclaredUri(prefix));
    }
}
