package io.orrery.world;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A visual's {@code <material>}, its colours as drawn: where a {@code <script><name>} is one of Gazebo's own
 * materials ({@code Gazebo/Grey} ...), its ambient, diffuse and specular colours are already in place, as gz-sim puts
 * them ({@link #script} is kept for writing back).
 *
 * @param ambient {@code <ambient>} (SDF's default black)
 * @param diffuse {@code <diffuse>} (black by default; white when an albedo map is given without one)
 * @param specular {@code <specular>} (black)
 * @param emissive {@code <emissive>} (black)
 * @param shininess {@code <shininess>}, the specular exponent (0: no specular highlight)
 * @param lighting {@code <lighting>} (true): false draws the colour unlit
 * @param doubleSided {@code <double_sided>} (false)
 * @param renderOrder {@code <render_order>} (0), kept, not used in drawing
 * @param script the {@code <script>}'s name and URIs, if given
 * @param pbr the {@code <pbr>}'s metal or specular workflow, if given
 */
public record MaterialSpec(
        Color ambient,
        Color diffuse,
        Color specular,
        Color emissive,
        double shininess,
        boolean lighting,
        boolean doubleSided,
        double renderOrder,
        Optional<Script> script,
        Optional<Pbr> pbr) {

    /** SDF's defaults: every colour black, lit, one-sided. */
    public static final MaterialSpec DEFAULT = new MaterialSpec(
            Color.BLACK, Color.BLACK, Color.BLACK, Color.BLACK, 0, true, false, 0, Optional.empty(), Optional.empty());

    public MaterialSpec {
        Objects.requireNonNull(ambient, "ambient");
        Objects.requireNonNull(diffuse, "diffuse");
        Objects.requireNonNull(specular, "specular");
        Objects.requireNonNull(emissive, "emissive");
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(pbr, "pbr");
        if (!(shininess >= 0) || Double.isInfinite(shininess)) {
            throw new IllegalArgumentException("shininess must be a finite number of 0 or more, got " + shininess);
        }
    }

    /**
     * A {@code <script>}: an Ogre material by name, from the scripts at its URIs.
     *
     * @param name {@code <name>}
     * @param uris each {@code <uri>}, as written
     */
    public record Script(String name, List<String> uris) {
        public Script {
            Objects.requireNonNull(name, "name");
            uris = List.copyOf(uris);
        }
    }

    /**
     * A {@code <pbr>} workflow: what Orrery reads of it.
     *
     * @param workflow {@code metal} or {@code specular}
     * @param albedoMap {@code <albedo_map>}: the texture that colours the surface
     * @param normalMap {@code <normal_map>} as written (kept, not drawn)
     * @param metalness {@code <metalness>} (metal workflow), kept
     * @param roughness {@code <roughness>} (metal workflow), kept
     */
    public record Pbr(
            String workflow,
            Optional<Texture> albedoMap,
            Optional<String> normalMap,
            OptionalDouble metalness,
            OptionalDouble roughness) {
        public Pbr {
            Objects.requireNonNull(workflow, "workflow");
            Objects.requireNonNull(albedoMap, "albedoMap");
            Objects.requireNonNull(normalMap, "normalMap");
            Objects.requireNonNull(metalness, "metalness");
            Objects.requireNonNull(roughness, "roughness");
        }
    }

    /**
     * An image file a material names.
     *
     * @param uri the URI as written
     * @param file the file it leads to; empty when it was not found (the surface is drawn without it)
     */
    public record Texture(String uri, Optional<Path> file) {
        public Texture {
            Objects.requireNonNull(uri, "uri");
            Objects.requireNonNull(file, "file");
        }
    }

    /** The albedo map's file, when the material has one that was found. */
    public Optional<Path> albedoFile() {
        return pbr.flatMap(Pbr::albedoMap).flatMap(Texture::file);
    }
}
