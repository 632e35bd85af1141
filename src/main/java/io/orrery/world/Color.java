package io.orrery.world;

/**
 * An RGBA colour, each channel from 0 to 1, as SDF writes {@code <ambient>}, {@code <diffuse>} and a light's colours.
 * Values outside 0..1 are clamped, as Gazebo's colour type does.
 */
public record Color(double r, double g, double b, double a) {

    public static final Color BLACK = new Color(0, 0, 0, 1);
    public static final Color WHITE = new Color(1, 1, 1, 1);

    public Color {
        r = clamp(r, "r");
        g = clamp(g, "g");
        b = clamp(b, "b");
        a = clamp(a, "a");
    }

    /** An opaque colour. */
    public static Color rgb(double r, double g, double b) {
        return new Color(r, g, b, 1);
    }

    /** A grey of that level, opaque. */
    public static Color grey(double level) {
        return new Color(level, level, level, 1);
    }

    private static double clamp(double v, String channel) {
        if (Double.isNaN(v)) {
            throw new IllegalArgumentException("colour channel " + channel + " is not a number");
        }
        return Math.max(0, Math.min(1, v));
    }
}
