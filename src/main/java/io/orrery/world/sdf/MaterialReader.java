package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.Color;
import io.orrery.world.MaterialSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.jdom2.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A visual's {@code <material>}: its colours, Gazebo's named materials' colours put in place as gz-sim does
 * ({@link GazeboMaterials}), and the PBR albedo map's file. A texture that cannot be found is a warning, not an error:
 * the surface is drawn without it, as Gazebo draws it.
 */
final class MaterialReader {

    // logged under SdfReader, the logger users configure for SDF reading
    private static final Logger LOG = LoggerFactory.getLogger(SdfReader.class);

    private final MeshFiles files;

    MaterialReader(MeshFiles files) {
        this.files = files;
    }

    MaterialSpec material(Element m, String visualWhere) {
        String where = visualWhere + " material";
        MaterialSpec d = MaterialSpec.DEFAULT;
        Color ambient = d.ambient();
        Color diffuse = d.diffuse();
        Color specular = d.specular();
        Color emissive = d.emissive();
        boolean diffuseGiven = false;
        double shininess = d.shininess();
        boolean lighting = d.lighting();
        boolean doubleSided = d.doubleSided();
        double renderOrder = d.renderOrder();
        Optional<MaterialSpec.Script> script = Optional.empty();
        Optional<MaterialSpec.Pbr> pbr = Optional.empty();
        for (Element c : m.getChildren()) {
            switch (c.getQualifiedName()) {
                case "ambient" -> ambient = Values.color(c, where);
                case "diffuse" -> {
                    diffuse = Values.color(c, where);
                    diffuseGiven = true;
                }
                case "specular" -> specular = Values.color(c, where);
                case "emissive" -> emissive = Values.color(c, where);
                case "shininess" -> shininess = Values.between(c, 0, 1e6, where);
                case "lighting" -> lighting = Values.bool(c, where);
                case "double_sided" -> doubleSided = Values.bool(c, where);
                case "render_order" -> renderOrder = Values.number(c, where);
                case "script" -> script = Optional.of(script(c, where));
                case "pbr" -> pbr = pbr(c, where);
                default -> {
                    // <shader> and the rest: the visual is listed as display-only as a whole
                }
            }
        }
        if (script.isPresent() && script.get().name().startsWith("Gazebo/")) {
            String name = script.get().name();
            Optional<GazeboMaterials.Colors> named = GazeboMaterials.colors(name);
            if (named.isPresent()) {
                // as gz-sim: the named material's colours take the place of the element's own
                GazeboMaterials.Colors colors = named.get();
                ambient = colors.ambient() != null ? colors.ambient() : ambient;
                if (colors.diffuse() != null) {
                    diffuse = colors.diffuse();
                    diffuseGiven = true;
                }
                specular = colors.specular() != null ? colors.specular() : specular;
            } else {
                LOG.warn(
                        "{}:{}: {}: Gazebo material '{}' sets no colours Orrery knows; its own colours are drawn",
                        Values.source(m),
                        line(m),
                        where,
                        name);
            }
        }
        if (!diffuseGiven && pbr.flatMap(MaterialSpec.Pbr::albedoMap).isPresent()) {
            diffuse = Color.WHITE; // the albedo map alone colours the surface
        }
        return new MaterialSpec(
                ambient, diffuse, specular, emissive, shininess, lighting, doubleSided, renderOrder, script, pbr);
    }

    private static MaterialSpec.Script script(Element s, String where) {
        List<String> uris = new ArrayList<>();
        String name = "";
        for (Element c : s.getChildren()) {
            switch (c.getQualifiedName()) {
                case "uri" -> uris.add(text(c));
                case "name" -> name = text(c);
                default -> {
                    // nothing else is defined
                }
            }
        }
        if (name.isEmpty()) {
            throw fail(s, where, "<script> needs a <name>");
        }
        return new MaterialSpec.Script(name, uris);
    }

    /** The metal workflow when given, else the specular one, as gz-sim chooses. */
    private Optional<MaterialSpec.Pbr> pbr(Element p, String where) {
        Element metal = p.getChild("metal");
        Element workflow = metal != null ? metal : p.getChild("specular");
        if (workflow == null) {
            return Optional.empty();
        }
        String name = workflow.getQualifiedName();
        String pbrWhere = where + " pbr " + name;
        Optional<MaterialSpec.Texture> albedo = Optional.empty();
        Optional<String> normal = Optional.empty();
        OptionalDouble metalness = OptionalDouble.empty();
        OptionalDouble roughness = OptionalDouble.empty();
        for (Element c : workflow.getChildren()) {
            switch (c.getQualifiedName()) {
                case "albedo_map" -> albedo = Optional.of(texture(c, pbrWhere));
                case "normal_map" -> normal = Optional.of(text(c));
                case "metalness" -> metalness = OptionalDouble.of(Values.between(c, 0, 1, pbrWhere));
                case "roughness" -> roughness = OptionalDouble.of(Values.between(c, 0, 1, pbrWhere));
                default -> {
                    // the other maps are not drawn
                }
            }
        }
        return Optional.of(new MaterialSpec.Pbr(name, albedo, normal, metalness, roughness));
    }

    private MaterialSpec.Texture texture(Element e, String where) {
        String uri = text(e);
        if (uri.isEmpty()) {
            throw fail(e, where, "<" + e.getQualifiedName() + "> is empty: expected an image file");
        }
        try {
            Path file = files.resolve(e, uri, where).file();
            return new MaterialSpec.Texture(uri, Optional.of(file));
        } catch (SdfException notFound) {
            LOG.warn("{}; the surface is drawn without it", notFound.getMessage());
            return new MaterialSpec.Texture(uri, Optional.empty());
        }
    }
}
