package io.orrery.render;

import java.util.List;
import java.util.Locale;

/**
 * A wide-angle lens as SDF's {@code <camera><lens>} and gz-rendering describe it: a ray at angle θ from the optical
 * axis lands at distance r = c1·f·fun(θ/c2 + c3) from the image's centre, r measured in half image widths (1 is the
 * image's left or right edge, the same unit up and down, so pixels are square). Rays beyond {@code cutoffAngle} are
 * black. With {@code scaleToHfov}, f is chosen so that θ = hfov/2 lands on the image's edge: f = 1 / (c1·fun(hfov/(2c2)
 * + c3)). The named types are gz-rendering's constants: gnomonical (1, 1, 0, tan, the pinhole), stereographic (2, 2, 0,
 * tan), equidistant (1, 1, 0, id), equisolid_angle (2, 2, 0, sin) and orthographic (1, 1, 0, sin), each with f = 1.
 *
 * @param envTextureSize the side in pixels of each face of the cube the scene is first drawn into
 */
public record CameraLens(
        String type,
        double c1,
        double c2,
        double c3,
        double f,
        Fun fun,
        boolean scaleToHfov,
        double cutoffAngle,
        double horizontalFov,
        int envTextureSize) {

    /** The largest cube face side: six faces of 2048² are 25 million pixels drawn a frame. */
    public static final int MAX_ENV_TEXTURE_SIZE = 2048;

    /** SDF's lens types ({@code gnomonic} is gz-sensors' other spelling of gnomonical). */
    public static final List<String> TYPES =
            List.of("gnomonical", "stereographic", "equidistant", "equisolid_angle", "orthographic", "custom");

    /** The angle function of a lens: SDF's {@code <fun>} {@code sin}, {@code tan} or {@code id}. */
    public enum Fun {
        SIN,
        TAN,
        ID;

        double apply(double x) {
            return switch (this) {
                case SIN -> Math.sin(x);
                case TAN -> Math.tan(x);
                case ID -> x;
            };
        }

        /** The inverse on the function's principal branch; NaN where there is none (|x| > 1 for sin). */
        double inverse(double x) {
            return switch (this) {
                case SIN -> Math.abs(x) <= 1 ? Math.asin(x) : Double.NaN;
                case TAN -> Math.atan(x);
                case ID -> x;
            };
        }

        /** SDF's name ({@code sin}, {@code tan}, {@code id}), in any case. */
        public static Fun named(String name) {
            return switch (name.strip().toLowerCase(Locale.ROOT)) {
                case "sin" -> SIN;
                case "tan" -> TAN;
                case "id" -> ID;
                default ->
                    throw new IllegalArgumentException(
                            "<lens><custom_function><fun> must be sin, tan or id, got '" + name.strip() + "'");
            };
        }
    }

    public CameraLens {
        if (!(horizontalFov > 0 && horizontalFov <= 2 * Math.PI)) {
            throw new IllegalArgumentException(
                    "a wide-angle camera's horizontal field of view must be above 0 and at most 2π, got "
                            + horizontalFov);
        }
        for (double v : new double[] {c1, c2, c3, f, cutoffAngle}) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("lens constants must be finite, got " + v);
            }
        }
        if (c1 == 0 || c2 == 0) {
            throw new IllegalArgumentException("lens constants c1 and c2 must not be 0, got c1 " + c1 + ", c2 " + c2);
        }
        if (!(cutoffAngle > 0)) {
            throw new IllegalArgumentException("<lens><cutoff_angle> must be above 0, got " + cutoffAngle);
        }
        if (envTextureSize < 1 || envTextureSize > MAX_ENV_TEXTURE_SIZE) {
            throw new IllegalArgumentException("<lens><env_texture_size> must be from 1 to " + MAX_ENV_TEXTURE_SIZE
                    + " pixels, got " + envTextureSize);
        }
        double scale = c1 * focal(c1, c2, c3, f, fun, scaleToHfov, horizontalFov);
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("the " + type + " lens cannot map a field of view of " + horizontalFov
                    + " rad: c1·f = " + scale + " (it must be above 0 and finite)");
        }
    }

    /** A lens of one of SDF's named types, or {@code custom} with the constants given. */
    public static CameraLens of(
            String type,
            double c1,
            double c2,
            double c3,
            double f,
            Fun fun,
            boolean scaleToHfov,
            double cutoffAngle,
            double horizontalFov,
            int envTextureSize) {
        String t = type.strip().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "gnomonical", "gnomonic" ->
                new CameraLens(t, 1, 1, 0, 1, Fun.TAN, scaleToHfov, cutoffAngle, horizontalFov, envTextureSize);
            case "stereographic" ->
                new CameraLens(t, 2, 2, 0, 1, Fun.TAN, scaleToHfov, cutoffAngle, horizontalFov, envTextureSize);
            case "equidistant" ->
                new CameraLens(t, 1, 1, 0, 1, Fun.ID, scaleToHfov, cutoffAngle, horizontalFov, envTextureSize);
            case "equisolid_angle" ->
                new CameraLens(t, 2, 2, 0, 1, Fun.SIN, scaleToHfov, cutoffAngle, horizontalFov, envTextureSize);
            case "orthographic" ->
                new CameraLens(t, 1, 1, 0, 1, Fun.SIN, scaleToHfov, cutoffAngle, horizontalFov, envTextureSize);
            case "custom" ->
                new CameraLens(t, c1, c2, c3, f, fun, scaleToHfov, cutoffAngle, horizontalFov, envTextureSize);
            default ->
                throw new IllegalArgumentException(
                        "<lens><type> must be one of " + String.join(", ", TYPES) + ", got '" + type.strip() + "'");
        };
    }

    private static double focal(
            double c1, double c2, double c3, double f, Fun fun, boolean scaleToHfov, double horizontalFov) {
        return scaleToHfov ? 1 / (c1 * fun.apply(horizontalFov / 2 / c2 + c3)) : f;
    }

    /** The focal length the mapping uses: {@code f}, or the one that puts hfov/2 on the image's edge. */
    public double focalLength() {
        return focal(c1, c2, c3, f, fun, scaleToHfov, horizontalFov);
    }

    /** Where a ray {@code theta} radians off the axis lands, in half image widths from the centre. */
    public double radius(double theta) {
        return c1 * focalLength() * fun.apply(theta / c2 + c3);
    }

    /** The angle off the axis of the ray that lands {@code r} half widths from the centre; NaN where none does. */
    public double angle(double r) {
        return (fun.inverse(r / (c1 * focalLength())) - c3) * c2;
    }

    /** The radius beyond which the image is black: where the cutoff angle lands. */
    public double cutRadius() {
        return radius(cutoffAngle);
    }
}
