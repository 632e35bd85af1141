package io.orrery.world.sdf;

import static io.orrery.world.sdf.Values.fail;
import static io.orrery.world.sdf.Values.line;
import static io.orrery.world.sdf.Values.text;

import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jdom2.Element;
import org.jdom2.filter.Filters;

/**
 * A {@code <sensor>} of a link: its common elements read and checked, the whole element kept as a tree. Every size
 * a device would take from it is bounded here, before anything is built ({@link SdfLimits}): a lidar's rays (over
 * the whole read), the update rate, and the noise parameters of every {@code <noise>} in it.
 */
final class SensorReader {

    /** The sensor types that cast rays, as the lidar device builds them. */
    static final Set<String> LIDAR_TYPES = Set.of("lidar", "gpu_lidar", "ray", "gpu_ray");

    /** SDF's defaults for {@code <scan><horizontal|vertical><samples>}, as the lidar device reads them. */
    static final int DEFAULT_HORIZONTAL_SAMPLES = 640;

    static final int DEFAULT_VERTICAL_SAMPLES = 1;

    /** The {@code <noise>} parameters a device reads; those that scatter a value cannot be below 0. */
    private static final List<String> NOISE_PARAMETERS =
            List.of("mean", "stddev", "bias_mean", "bias_stddev", "precision");

    private static final Set<String> NON_NEGATIVE_NOISE = Set.of("stddev", "bias_stddev", "precision");

    private final SdfLimits limits;
    /** Rays asked for by the lidars read so far in this document. */
    private long lidarRays;

    SensorReader(SdfLimits limits) {
        this.limits = limits;
    }

    SensorSpec sensor(Element s, String linkWhere, LinkFrame frame) {
        String name = Values.requiredAttribute(s, "name", linkWhere);
        String where = linkWhere + " sensor '" + name + "'";
        String type = Values.requiredAttribute(s, "type", where);
        Pose pose = Pose.IDENTITY;
        double updateRate = 0;
        boolean alwaysOn = false;
        boolean visualize = false;
        Optional<String> topic = Optional.empty();
        for (Element c : s.getChildren()) {
            switch (c.getQualifiedName()) {
                case "pose" -> pose = frame.inLink(c, where, "sensor", name);
                case "update_rate" -> updateRate = updateRate(c, where);
                case "always_on" -> alwaysOn = Values.bool(c, where);
                case "visualize" -> visualize = Values.bool(c, where);
                case "topic" -> topic = Optional.of(Values.text(c)).filter(t -> !t.isEmpty());
                default -> {
                    // the type's own element and the rest are kept in the tree
                }
            }
        }
        for (Element noise : s.getDescendants(Filters.element("noise"))) {
            checkNoise(noise, where);
        }
        if (LIDAR_TYPES.contains(type)) {
            Element lidar = s.getChild("lidar") != null ? s.getChild("lidar") : s.getChild("ray");
            if (lidar != null) {
                countRays(lidar, where);
            }
        }
        return new SensorSpec(name, type, pose, updateRate, alwaysOn, topic, visualize, PluginReader.tree(s), line(s));
    }

    private double updateRate(Element e, String where) {
        double rate = Values.nonNegative(e, where);
        if (rate > limits.maxUpdateRate()) {
            throw fail(
                    e,
                    where,
                    "<update_rate> " + text(e) + " Hz is above the highest rate allowed, "
                            + plain(limits.maxUpdateRate()) + " Hz (orrery.sdf.max-update-rate)");
        }
        return rate;
    }

    private void checkNoise(Element noise, String where) {
        for (String parameter : NOISE_PARAMETERS) {
            Element e = noise.getChild(parameter);
            if (e == null || text(e).isEmpty()) {
                continue; // absent or empty: 0, as the device reads it
            }
            double value = Values.number(e, where);
            if (value < 0 && NON_NEGATIVE_NOISE.contains(parameter)) {
                throw fail(e, where, "<noise><" + parameter + "> must be zero or more, got '" + text(e) + "'");
            }
            if (Math.abs(value) > limits.maxNoise()) {
                throw fail(
                        e,
                        where,
                        "<noise><" + parameter + "> " + text(e) + " is beyond the largest noise"
                                + " parameter allowed, ±" + plain(limits.maxNoise()) + " (orrery.sdf.max-noise)");
            }
        }
    }

    /**
     * Checks a lidar's scan and adds its rays to the document's count: every sample cast, horizontal × vertical,
     * times the resolution where it is above 1 (Gazebo's range count; Orrery casts one ray per sample).
     */
    private void countRays(Element lidar, String where) {
        String path = "<" + lidar.getQualifiedName() + "><scan>";
        Element scan = lidar.getChild("scan");
        double rays = 1;
        String factors = "";
        for (String axis : List.of("horizontal", "vertical")) {
            Element a = scan == null ? null : scan.getChild(axis);
            int fallback = axis.equals("horizontal") ? DEFAULT_HORIZONTAL_SAMPLES : DEFAULT_VERTICAL_SAMPLES;
            long samples = samples(a == null ? null : a.getChild("samples"), fallback, path + "<" + axis + ">", where);
            double resolution = resolution(a == null ? null : a.getChild("resolution"), path + "<" + axis + ">", where);
            for (String angle : List.of("min_angle", "max_angle")) {
                Element e = a == null ? null : a.getChild(angle);
                if (e != null && !text(e).isEmpty()) {
                    Values.number(e, where);
                }
            }
            rays *= samples * Math.max(1, resolution);
            factors += (factors.isEmpty() ? "" : " × ") + samples + " " + axis
                    + (resolution > 1 ? " × resolution " + plain(resolution) : "");
        }
        Element range = lidar.getChild("range");
        if (range != null) {
            for (String bound : List.of("min", "max", "resolution")) {
                Element e = range.getChild(bound);
                if (e != null && !text(e).isEmpty()) {
                    Values.number(e, where);
                }
            }
        }
        long max = limits.maxLidarRays();
        if (lidarRays + rays > max) {
            String earlier = lidarRays == 0 ? "" : "; the lidars before it in this document ask for " + lidarRays;
            throw fail(
                    scan == null ? lidar : scan,
                    where,
                    path + " asks for " + plain(rays) + " rays (" + factors + "), more than the " + max
                            + " one document may hold (orrery.sdf.max-lidar-rays)" + earlier);
        }
        lidarRays += (long) rays;
    }

    private long samples(Element e, int fallback, String path, String where) {
        if (e == null || text(e).isEmpty()) {
            return fallback;
        }
        double n = Values.number(e, where);
        if (n < 1 || n != Math.rint(n)) {
            throw fail(e, where, path + "<samples> must be a whole number of at least 1, got '" + text(e) + "'");
        }
        if (n > limits.maxLidarRays()) {
            throw fail(
                    e,
                    where,
                    path + "<samples> " + text(e) + " is more than the " + limits.maxLidarRays()
                            + " rays one document may hold (orrery.sdf.max-lidar-rays)");
        }
        return (long) n;
    }

    private static double resolution(Element e, String path, String where) {
        if (e == null || text(e).isEmpty()) {
            return 1;
        }
        double r = Values.number(e, where);
        if (r <= 0) {
            throw fail(e, where, path + "<resolution> must be a positive number, got '" + text(e) + "'");
        }
        return r;
    }

    /** A number as people write it: no exponent below 10^15, no trailing ".0". */
    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
