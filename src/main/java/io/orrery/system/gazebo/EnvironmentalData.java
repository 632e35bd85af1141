package io.orrery.system.gazebo;

import io.orrery.world.Vec3;
import io.orrery.world.Wgs84;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * gz-sim's {@code EnvironmentalData} component: fields of environmental data (humidity, wind speed ...) over time and
 * space, each sampled on a grid per time. A look-up interpolates linearly between the two times around the asked one
 * and trilinearly between the eight grid points around the asked point, as gz-math's in-memory time-varying
 * volumetric grid does; a coordinate within 1e-6 of a grid value is taken as on it (so an axis with a single value
 * still matches). Outside the data's times or grid, or where a
 * grid point the interpolation needs is missing, there is no value. Immutable; safe from any thread.
 *
 * @param fields the data columns, in the file's order (not the time and space columns)
 * @param frames the grids by time, in increasing time (one frame when the time is ignored)
 * @param staticTime true when the data's time is ignored ({@code <ignore_time>}): every look-up reads the first frame
 * @param reference the frame the space columns are in
 * @param degrees for {@link Reference#SPHERICAL}, whether latitude and longitude are in degrees (else radians)
 */
public record EnvironmentalData(
        List<String> fields, List<Frame> frames, boolean staticTime, Reference reference, boolean degrees) {

    /** The frame of the space columns (gz-math's spherical coordinate types that Orrery supports). */
    public enum Reference {
        /** The world frame: x, y, z in metres. */
        GLOBAL,
        /** Latitude, longitude and height above the WGS84 ellipsoid, from the world's spherical coordinates. */
        SPHERICAL
    }

    public EnvironmentalData {
        fields = List.copyOf(fields);
        frames = List.copyOf(frames);
        if (frames.isEmpty()) {
            throw new IllegalArgumentException("environmental data needs at least one time");
        }
    }

    /**
     * One time's grid.
     *
     * @param time the time (s)
     * @param xs the grid's x values, increasing
     * @param ys the grid's y values, increasing
     * @param zs the grid's z values, increasing
     * @param values per field, the values at (xs[i], ys[j], zs[k]) at index (i * ys.length + j) * zs.length + k; NaN
     *     where the data has no row
     */
    public record Frame(double time, double[] xs, double[] ys, double[] zs, Map<String, double[]> values) {
        public Frame {
            values = Map.copyOf(values);
        }

        OptionalDouble lookUp(String field, double x, double y, double z) {
            double[] v = values.get(field);
            Span sx = Span.of(xs, x);
            Span sy = Span.of(ys, y);
            Span sz = Span.of(zs, z);
            if (v == null || sx == null || sy == null || sz == null) {
                return OptionalDouble.empty();
            }
            double sum = 0;
            for (int a = 0; a < 2; a++) {
                for (int b = 0; b < 2; b++) {
                    for (int c = 0; c < 2; c++) {
                        double w = sx.weight(a) * sy.weight(b) * sz.weight(c);
                        if (w == 0) {
                            continue;
                        }
                        double value = v[(sx.index(a) * ys.length + sy.index(b)) * zs.length + sz.index(c)];
                        if (Double.isNaN(value)) {
                            return OptionalDouble.empty();
                        }
                        sum += w * value;
                    }
                }
            }
            return OptionalDouble.of(sum);
        }
    }

    /**
     * A world point in the data's coordinates, as gz-sim's {@code getGridFieldCoordinates}: as is for
     * {@link Reference#GLOBAL}; for {@link Reference#SPHERICAL} its latitude, longitude (in degrees or radians, as
     * the data's) and height on {@code earth}, the world's spherical coordinates.
     */
    public double[] coordinates(Vec3 world, Wgs84 earth) {
        if (reference == Reference.GLOBAL) {
            return new double[] {world.x(), world.y(), world.z()};
        }
        double[] g = earth.geodetic(world);
        if (!degrees) {
            g[0] = Math.toRadians(g[0]);
            g[1] = Math.toRadians(g[1]);
        }
        return g;
    }

    /** Whether the data has the field {@code name}. */
    public boolean has(String name) {
        return fields.contains(name);
    }

    /**
     * The value of {@code field} at {@code time} (s) and the point ({@code x}, {@code y}, {@code z}) in the data's
     * own coordinates; empty outside the data.
     */
    public OptionalDouble lookUp(String field, double time, double x, double y, double z) {
        if (staticTime || frames.size() == 1) {
            Frame only = frames.get(0);
            return staticTime || only.time() == time ? only.lookUp(field, x, y, z) : OptionalDouble.empty();
        }
        Frame first = frames.get(0);
        Frame last = frames.get(frames.size() - 1);
        if (time < first.time() || time > last.time()) {
            return OptionalDouble.empty();
        }
        int hi = 1;
        while (frames.get(hi).time() < time) {
            hi++;
        }
        Frame before = frames.get(hi - 1);
        Frame after = frames.get(hi);
        double t = (time - before.time()) / (after.time() - before.time());
        OptionalDouble a = t == 1 ? OptionalDouble.of(0) : before.lookUp(field, x, y, z);
        OptionalDouble b = t == 0 ? OptionalDouble.of(0) : after.lookUp(field, x, y, z);
        if (a.isEmpty() || b.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((1 - t) * a.getAsDouble() + t * b.getAsDouble());
    }

    /** How near a grid value a coordinate is taken as on it, in the data's units (gz-math's default). */
    private static final double TOLERANCE = 1e-6;

    /** The two grid indices around a coordinate and their weights. */
    private record Span(int lo, int hi, double t) {
        static Span of(double[] axis, double value) {
            int n = axis.length;
            if (value < axis[0] - TOLERANCE || value > axis[n - 1] + TOLERANCE) {
                return null;
            }
            int i = Arrays.binarySearch(axis, value);
            int hi = i >= 0 ? i : -i - 1;
            // a grid value within the tolerance is matched exactly (gz-math's axis index does so too)
            if (hi < n && axis[hi] - value <= TOLERANCE) {
                return new Span(hi, hi, 0);
            }
            if (hi > 0 && value - axis[hi - 1] <= TOLERANCE) {
                return new Span(hi - 1, hi - 1, 0);
            }
            return new Span(hi - 1, hi, (value - axis[hi - 1]) / (axis[hi] - axis[hi - 1]));
        }

        int index(int which) {
            return which == 0 ? lo : hi;
        }

        double weight(int which) {
            return which == 0 ? 1 - t : t;
        }
    }
}
