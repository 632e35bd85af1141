package io.orrery.world.sdf;

import static io.orrery.world.sdf.SpecWriter.element;
import static io.orrery.world.sdf.SpecWriter.number;
import static io.orrery.world.sdf.SpecWriter.numbers;

import io.orrery.world.Color;
import io.orrery.world.LightSpec;
import io.orrery.world.MaterialSpec;
import io.orrery.world.Pose;
import io.orrery.world.VisualSpec;
import java.util.Locale;
import org.jdom2.Element;

/** Visuals, their materials and lights back to SDF elements, for {@link SpecWriter}: what the reader reads, in full. */
final class VisualWriter {

    private VisualWriter() {}

    static Element visual(VisualSpec v) {
        Element e = new Element("visual").setAttribute("name", v.name());
        if (!v.pose().equals(Pose.IDENTITY)) {
            e.addContent(SpecWriter.pose(v.pose()));
        }
        e.addContent(SpecWriter.geometryElement(v.geometry()));
        v.material().ifPresent(m -> e.addContent(material(m)));
        if (!v.castShadows()) {
            e.addContent(element("cast_shadows", "false"));
        }
        if (v.transparency() != 0) {
            e.addContent(element("transparency", number(v.transparency())));
        }
        if (v.laserRetro() != 0) {
            e.addContent(element("laser_retro", number(v.laserRetro())));
        }
        if (v.visibilityFlags() != VisualSpec.ALL_VISIBILITY_FLAGS) {
            e.addContent(element("visibility_flags", Long.toString(v.visibilityFlags())));
        }
        // the label plugin among them; a label from the model is written with the model's plugins
        v.plugins().forEach(p -> e.addContent(SpecWriter.plugin(p)));
        return e;
    }

    static Element material(MaterialSpec m) {
        Element e = new Element("material");
        m.script().ifPresent(s -> {
            Element script = new Element("script");
            s.uris().forEach(uri -> script.addContent(element("uri", uri)));
            e.addContent(script.addContent(element("name", s.name())));
        });
        e.addContent(element("ambient", color(m.ambient())));
        e.addContent(element("diffuse", color(m.diffuse())));
        e.addContent(element("specular", color(m.specular())));
        e.addContent(element("emissive", color(m.emissive())));
        if (m.shininess() != 0) {
            e.addContent(element("shininess", number(m.shininess())));
        }
        if (!m.lighting()) {
            e.addContent(element("lighting", "false"));
        }
        if (m.doubleSided()) {
            e.addContent(element("double_sided", "true"));
        }
        if (m.renderOrder() != 0) {
            e.addContent(element("render_order", number(m.renderOrder())));
        }
        m.pbr().ifPresent(p -> {
            Element workflow = new Element(p.workflow());
            p.albedoMap().ifPresent(t -> workflow.addContent(element("albedo_map", t.uri())));
            p.normalMap().ifPresent(n -> workflow.addContent(element("normal_map", n)));
            p.metalness().ifPresent(x -> workflow.addContent(element("metalness", number(x))));
            p.roughness().ifPresent(x -> workflow.addContent(element("roughness", number(x))));
            e.addContent(new Element("pbr").addContent(workflow));
        });
        return e;
    }

    static Element light(LightSpec l) {
        Element e = new Element("light")
                .setAttribute("name", l.name())
                .setAttribute("type", l.type().name().toLowerCase(Locale.ROOT));
        e.addContent(element("cast_shadows", Boolean.toString(l.castShadows())));
        if (!l.pose().equals(Pose.IDENTITY)) {
            e.addContent(SpecWriter.pose(l.pose()));
        }
        e.addContent(element("diffuse", color(l.diffuse())));
        e.addContent(element("specular", color(l.specular())));
        if (l.intensity() != 1) {
            e.addContent(element("intensity", number(l.intensity())));
        }
        LightSpec.Attenuation a = l.attenuation();
        e.addContent(new Element("attenuation")
                .addContent(element("range", number(a.range())))
                .addContent(element("constant", number(a.constant())))
                .addContent(element("linear", number(a.linear())))
                .addContent(element("quadratic", number(a.quadratic()))));
        e.addContent(element("direction", SpecWriter.vec3(l.direction())));
        if (!l.spot().equals(LightSpec.Spot.DEFAULT)) {
            LightSpec.Spot s = l.spot();
            e.addContent(new Element("spot")
                    .addContent(element("inner_angle", number(s.innerAngle())))
                    .addContent(element("outer_angle", number(s.outerAngle())))
                    .addContent(element("falloff", number(s.falloff()))));
        }
        return e;
    }

    private static String color(Color c) {
        return numbers(c.r(), c.g(), c.b(), c.a());
    }
}
