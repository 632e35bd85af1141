package io.orrery.system.colladaworldexporter;

import io.orrery.render.VisualMeshes;
import io.orrery.world.Color;
import io.orrery.world.LightSpec;
import io.orrery.world.MaterialSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * A world's visuals and lights as one COLLADA 1.4.1 document, as gz-common's exporter lays it out: a geometry per
 * visual in the visual's own frame, placed by a node whose matrix is the visual's world pose; a material (a
 * {@code phong} effect) per visual; a light per light, pointing down its node's -z as COLLADA's lights do. Z is up and
 * a unit is a metre, as in SDF.
 */
final class ColladaDocument {

    static final String NAMESPACE = "http://www.collada.org/2005/11/COLLADASchema";

    /** A visual to write: its scoped name, its world pose, its triangles and how it is drawn. */
    record Part(String name, Pose worldPose, VisualMeshes.Triangles triangles, MaterialSpec material, double opacity) {}

    /** A light to write, its pose in the world. */
    record Light(LightSpec spec, Pose worldPose) {}

    private ColladaDocument() {}

    static XmlNode of(String world, List<Part> parts, List<Light> lights, Instant now) {
        XmlNode root = el("COLLADA").setAttribute("version", "1.4.1");
        String stamp = now.truncatedTo(ChronoUnit.SECONDS).toString();
        root.addContent(el("asset")
                .addContent(el("contributor").addContent(text("authoring_tool", "Orrery")))
                .addContent(text("created", stamp))
                .addContent(text("modified", stamp))
                .addContent(el("unit").setAttribute("meter", "1").setAttribute("name", "meter"))
                .addContent(text("up_axis", "Z_UP")));
        XmlNode libraryLights = el("library_lights");
        XmlNode effects = el("library_effects");
        XmlNode materials = el("library_materials");
        XmlNode geometries = el("library_geometries");
        XmlNode scene = el("visual_scene").setAttribute("id", "scene").setAttribute("name", world);
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            String g = "geometry_" + i, m = "material_" + i;
            geometries.addContent(geometry(g, p));
            effects.addContent(effect(m + "_fx", p.material(), p.opacity()));
            materials.addContent(el("material")
                    .setAttribute("id", m)
                    .setAttribute("name", m)
                    .addContent(instance("effect", m + "_fx")));
            scene.addContent(node("node_" + i, p.name(), p.worldPose())
                    .addContent(instance("geometry", g)
                            .addContent(el("bind_material")
                                    .addContent(el("technique_common")
                                            .addContent(el("instance_material")
                                                    .setAttribute("symbol", m)
                                                    .setAttribute("target", "#" + m))))));
        }
        for (int i = 0; i < lights.size(); i++) {
            Light l = lights.get(i);
            String id = "light_" + i;
            libraryLights.addContent(light(id, l.spec()));
            scene.addContent(node(id + "_node", l.spec().name(), lightFrame(l)).addContent(instance("light", id)));
        }
        if (!lights.isEmpty()) {
            root.addContent(libraryLights);
        }
        root.addContent(effects)
                .addContent(materials)
                .addContent(geometries)
                .addContent(el("library_visual_scenes").addContent(scene))
                .addContent(el("scene").addContent(instance("visual_scene", "scene")));
        return root;
    }

    private static XmlNode geometry(String id, Part part) {
        VisualMeshes.Triangles t = part.triangles();
        int n = t.vertexCount();
        int stride = VisualMeshes.Triangles.FLOATS_PER_VERTEX;
        float[] positions = new float[n * 3], normals = new float[n * 3], uvs = new float[n * 2];
        for (int v = 0; v < n; v++) {
            System.arraycopy(t.vertices(), v * stride, positions, v * 3, 3);
            System.arraycopy(t.vertices(), v * stride + 3, normals, v * 3, 3);
            System.arraycopy(t.vertices(), v * stride + 6, uvs, v * 2, 2);
        }
        XmlNode triangles = el("triangles")
                .setAttribute("material", "material_" + id.substring("geometry_".length()))
                .setAttribute("count", Integer.toString(t.triangleCount()))
                .addContent(input("VERTEX", id + "_vertices"))
                .addContent(input("NORMAL", id + "_normals"))
                .addContent(input("TEXCOORD", id + "_uvs").setAttribute("set", "0"))
                .addContent(text("p", join(t.indices())));
        return el("geometry")
                .setAttribute("id", id)
                .setAttribute("name", part.name())
                .addContent(el("mesh")
                        .addContent(source(id + "_positions", positions, "X", "Y", "Z"))
                        .addContent(source(id + "_normals", normals, "X", "Y", "Z"))
                        .addContent(source(id + "_uvs", uvs, "S", "T"))
                        .addContent(el("vertices")
                                .setAttribute("id", id + "_vertices")
                                .addContent(el("input")
                                        .setAttribute("semantic", "POSITION")
                                        .setAttribute("source", "#" + id + "_positions")))
                        .addContent(triangles));
    }

    private static XmlNode input(String semantic, String source) {
        return el("input")
                .setAttribute("semantic", semantic)
                .setAttribute("source", "#" + source)
                .setAttribute("offset", "0");
    }

    private static XmlNode source(String id, float[] values, String... params) {
        XmlNode accessor = el("accessor")
                .setAttribute("source", "#" + id + "_array")
                .setAttribute("count", Integer.toString(values.length / params.length))
                .setAttribute("stride", Integer.toString(params.length));
        for (String p : params) {
            accessor.addContent(el("param").setAttribute("name", p).setAttribute("type", "float"));
        }
        return el("source")
                .setAttribute("id", id)
                .addContent(text("float_array", join(values))
                        .setAttribute("id", id + "_array")
                        .setAttribute("count", Integer.toString(values.length)))
                .addContent(el("technique_common").addContent(accessor));
    }

    private static XmlNode effect(String id, MaterialSpec m, double opacity) {
        XmlNode phong = el("phong")
                .addContent(colour("emission", m.emissive()))
                .addContent(colour("ambient", m.ambient()))
                .addContent(colour("diffuse", m.diffuse()))
                .addContent(colour("specular", m.specular()))
                .addContent(el("shininess").addContent(text("float", number(m.shininess()))))
                // A_ONE: the opacity is the colour's alpha times <transparency>, here the visual's 1 - transparency
                .addContent(el("transparent").setAttribute("opaque", "A_ONE").addContent(text("color", "1 1 1 1")))
                .addContent(el("transparency").addContent(text("float", number(opacity))));
        return el("effect")
                .setAttribute("id", id)
                .addContent(el("profile_COMMON")
                        .addContent(
                                el("technique").setAttribute("sid", "common").addContent(phong)));
    }

    private static XmlNode light(String id, LightSpec l) {
        Color c = l.diffuse();
        XmlNode colour = text("color", number(c.r()) + " " + number(c.g()) + " " + number(c.b()));
        XmlNode kind = switch (l.type()) {
            case DIRECTIONAL -> el("directional").addContent(colour);
            case POINT -> attenuated(el("point").addContent(colour), l);
            case SPOT ->
                attenuated(el("spot").addContent(colour), l)
                        .addContent(text(
                                "falloff_angle", number(Math.toDegrees(l.spot().outerAngle()))))
                        .addContent(text("falloff_exponent", number(l.spot().falloff())));
        };
        return el("light")
                .setAttribute("id", id)
                .setAttribute("name", l.name())
                .addContent(el("technique_common").addContent(kind));
    }

    private static XmlNode attenuated(XmlNode light, LightSpec l) {
        return light.addContent(
                        text("constant_attenuation", number(l.attenuation().constant())))
                .addContent(text("linear_attenuation", number(l.attenuation().linear())))
                .addContent(text("quadratic_attenuation", number(l.attenuation().quadratic())));
    }

    /** A light's node: at the light, turned so that its -z (where a COLLADA light shines) is the light's direction. */
    static Pose lightFrame(Light l) {
        Vec3 direction = l.worldPose().rotation().rotate(l.spec().direction());
        Quat turn = direction.dot(direction) == 0
                ? Quat.IDENTITY
                : VisualMeshes.rotationFromZ(new Vec3(-direction.x(), -direction.y(), -direction.z()));
        return new Pose(l.worldPose().position(), turn);
    }

    private static XmlNode node(String id, String name, Pose pose) {
        return el("node")
                .setAttribute("id", id)
                .setAttribute("name", name)
                .addContent(text("matrix", matrix(pose)).setAttribute("sid", "transform"));
    }

    /** A pose as COLLADA's 4×4 matrix, row by row. */
    static String matrix(Pose pose) {
        Vec3 x = pose.rotation().rotate(new Vec3(1, 0, 0));
        Vec3 y = pose.rotation().rotate(new Vec3(0, 1, 0));
        Vec3 z = pose.rotation().rotate(new Vec3(0, 0, 1));
        Vec3 p = pose.position();
        double[] m = {x.x(), y.x(), z.x(), p.x(), x.y(), y.y(), z.y(), p.y(), x.z(), y.z(), z.z(), p.z(), 0, 0, 0, 1};
        StringBuilder s = new StringBuilder();
        for (double v : m) {
            s.append(s.isEmpty() ? "" : " ").append(number(v));
        }
        return s.toString();
    }

    private static XmlNode instance(String kind, String id) {
        return el("instance_" + kind).setAttribute("url", "#" + id);
    }

    private static XmlNode colour(String name, Color c) {
        return el(name).addContent(
                        text("color", number(c.r()) + " " + number(c.g()) + " " + number(c.b()) + " " + number(c.a())));
    }

    private static String join(float[] values) {
        StringBuilder s = new StringBuilder(values.length * 8);
        for (int i = 0; i < values.length; i++) {
            s.append(i == 0 ? "" : " ").append(number(values[i]));
        }
        return s.toString();
    }

    private static String join(int[] values) {
        StringBuilder s = new StringBuilder(values.length * 4);
        for (int i = 0; i < values.length; i++) {
            s.append(i == 0 ? "" : " ").append(values[i]);
        }
        return s.toString();
    }

    /** Shortest text that reads back to the same float (the geometry is single precision). */
    private static String number(double v) {
        float f = (float) v;
        return f == Math.rint(f) && Math.abs(f) < 1e7
                ? Integer.toString((int) f)
                : Float.toString(f).toLowerCase(Locale.ROOT);
    }

    private static XmlNode el(String name) {
        return new XmlNode(name);
    }

    private static XmlNode text(String name, String value) {
        return el(name).setText(value);
    }
}
