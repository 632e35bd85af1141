package io.orrery.world;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A {@code <visual>} of a link: what a camera draws (collisions are never drawn).
 *
 * @param name the visual name, unique in its link
 * @param pose pose in the link frame
 * @param geometry its shape; a mesh or heightmap whose file could not be read is {@link Geometry.Unsupported} and is
 *     not drawn
 * @param material its {@code <material>}, if any (without one a camera draws Gazebo's default grey)
 * @param castShadows {@code <cast_shadows>} (true), kept (Orrery draws no shadows)
 * @param transparency {@code <transparency>}, 0 (opaque, the default) to 1 (invisible)
 * @param laserRetro {@code <laser_retro>} (0), kept
 * @param visibilityFlags {@code <visibility_flags>}, a 32-bit mask (all bits set by default): a camera draws the
 *     visual when it shares a bit with the camera's visibility mask
 * @param label the segmentation label, 0 to 255, from Gazebo's {@code label} system: the visual's own
 *     {@code <plugin>}, else its model's; empty when unlabelled (background to a segmentation camera)
 * @param plugins the visual's {@code <plugin>} elements, the label's among them
 * @param line the line of the element in its source, for messages
 */
public record VisualSpec(
        String name,
        Pose pose,
        Geometry geometry,
        Optional<MaterialSpec> material,
        boolean castShadows,
        double transparency,
        double laserRetro,
        long visibilityFlags,
        OptionalInt label,
        List<PluginSpec> plugins,
        int line) {

    /** Every bit of SDF's 32-bit {@code <visibility_flags>} set: its default. */
    public static final long ALL_VISIBILITY_FLAGS = 0xFFFF_FFFFL;

    /** The highest label Gazebo's label system takes. */
    public static final int MAX_LABEL = 255;

    public VisualSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(pose, "pose");
        Objects.requireNonNull(geometry, "geometry");
        Objects.requireNonNull(material, "material");
        Objects.requireNonNull(label, "label");
        plugins = List.copyOf(plugins);
        if (!(transparency >= 0 && transparency <= 1)) {
            throw new IllegalArgumentException("transparency must be from 0 to 1, got " + transparency);
        }
        if (visibilityFlags < 0 || visibilityFlags > ALL_VISIBILITY_FLAGS) {
            throw new IllegalArgumentException("visibility flags must fit 32 bits, got " + visibilityFlags);
        }
        if (label.isPresent() && (label.getAsInt() < 0 || label.getAsInt() > MAX_LABEL)) {
            throw new IllegalArgumentException("a label must be from 0 to " + MAX_LABEL + ", got " + label.getAsInt());
        }
    }

    // the thermal system's filename and name in every spelling Gazebo takes (gz-sim, ignition-gazebo, lib..., .so)
    private static final Pattern THERMAL_FILENAME =
            Pattern.compile("^(?:lib)?(?:gz-sim|ignition-gazebo)\\d*-thermal-system(?:\\.so)?$");
    private static final Pattern THERMAL_NAME = Pattern.compile("^(?:gz::sim|ignition::gazebo)::systems::Thermal$");

    /** True for Gazebo's {@code thermal} system's plugin, by its filename or its name in any of Gazebo's spellings. */
    public static boolean isThermalSystem(String filename, String name) {
        return THERMAL_FILENAME.matcher(filename.strip()).matches()
                || THERMAL_NAME.matcher(name.strip()).matches();
    }

    /**
     * The uniform temperature in kelvin Gazebo's {@code thermal} system gives this visual: the {@code <temperature>}
     * of its own thermal plugin, unless that plugin gives a {@code <heat_signature>} (which Gazebo prefers, and which
     * Orrery does not draw yet); empty otherwise, and a thermal camera reads the ambient temperature there. The SDF
     * reader has refused a plugin whose temperature is not a number.
     */
    public OptionalDouble temperature() {
        for (PluginSpec p : plugins) {
            if (isThermalSystem(p.filename(), p.name())
                    && p.parameter("heat_signature").isEmpty()) {
                Optional<String> t = p.parameter("temperature");
                if (t.isPresent()) {
                    return OptionalDouble.of(Double.parseDouble(t.get().strip()));
                }
            }
        }
        return OptionalDouble.empty();
    }

    /** An opaque visual with SDF's defaults, no label and no plugins. */
    public static VisualSpec of(String name, Pose pose, Geometry geometry, Optional<MaterialSpec> material) {
        return new VisualSpec(
                name, pose, geometry, material, true, 0, 0, ALL_VISIBILITY_FLAGS, OptionalInt.empty(), List.of(), 0);
    }

    /** The same visual with another label (from its model's label system). */
    public VisualSpec withLabel(OptionalInt newLabel) {
        return new VisualSpec(
                name,
                pose,
                geometry,
                material,
                castShadows,
                transparency,
                laserRetro,
                visibilityFlags,
                newLabel,
                plugins,
                line);
    }
}
