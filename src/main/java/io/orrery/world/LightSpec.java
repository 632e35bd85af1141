package io.orrery.world;

import java.util.Objects;

/**
 * A {@code <light>} of the world or of a link.
 *
 * @param name the light name
 * @param type point, directional or spot
 * @param pose the light's frame: in the world frame for a world's light, in the link frame for a link's
 * @param diffuse {@code <diffuse>} (SDF's default white)
 * @param specular {@code <specular>} (0.1 grey)
 * @param intensity {@code <intensity>} (1), scaling both colours
 * @param attenuation {@code <attenuation>}: how point and spot lights fade with distance
 * @param direction {@code <direction>} in the light's frame (0 0 -1), for directional and spot lights
 * @param spot {@code <spot>}: the cone of a spot light
 * @param castShadows {@code <cast_shadows>} (false), kept (Orrery draws no shadows)
 * @param line the line of the element in its source, for messages
 */
public record LightSpec(
        String name,
        Type type,
        Pose pose,
        Color diffuse,
        Color specular,
        double intensity,
        Attenuation attenuation,
        Vec3 direction,
        Spot spot,
        boolean castShadows,
        int line) {

    /** SDF's light types. */
    public enum Type {
        POINT,
        DIRECTIONAL,
        SPOT
    }

    /**
     * How light fades over distance d (point and spot lights): {@code 1 / (constant + linear·d + quadratic·d²)} up to
     * {@code range}, none beyond.
     */
    public record Attenuation(double range, double constant, double linear, double quadratic) {

        /** SDF's defaults: range 10, constant 1, linear 1, quadratic 0. */
        public static final Attenuation DEFAULT = new Attenuation(10, 1, 1, 0);

        public Attenuation {
            for (double v : new double[] {range, constant, linear, quadratic}) {
                if (!(v >= 0) || Double.isInfinite(v)) {
                    throw new IllegalArgumentException("attenuation values must be finite and 0 or more, got " + v);
                }
            }
        }
    }

    /**
     * A spot light's cone: full on within half the inner angle of its direction, dark past half the outer angle, and
     * between them falling off with the exponent {@code falloff}; angles in radians.
     */
    public record Spot(double innerAngle, double outerAngle, double falloff) {

        /** SDF's defaults: both angles 0, falloff 0. */
        public static final Spot DEFAULT = new Spot(0, 0, 0);

        public Spot {
            for (double v : new double[] {innerAngle, outerAngle, falloff}) {
                if (!(v >= 0) || Double.isInfinite(v)) {
                    throw new IllegalArgumentException("spot values must be finite and 0 or more, got " + v);
                }
            }
        }
    }

    public LightSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(pose, "pose");
        Objects.requireNonNull(diffuse, "diffuse");
        Objects.requireNonNull(specular, "specular");
        Objects.requireNonNull(attenuation, "attenuation");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(spot, "spot");
        if (!(intensity >= 0) || Double.isInfinite(intensity)) {
            throw new IllegalArgumentException("intensity must be finite and 0 or more, got " + intensity);
        }
        if (!direction.isFinite() || direction.length() == 0) {
            throw new IllegalArgumentException("a light's direction must be finite and not zero, got " + direction);
        }
    }
}
