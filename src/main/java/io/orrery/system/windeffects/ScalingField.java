package io.orrery.system.windeffects;

import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * WindEffects' {@code <force_approximation_scaling_factor>} as gz-math evaluates it: a list of pieces, each a box of
 * space (intervals in x, y and z) and a field {@code k (p(x) + q(y) + r(z))} of three cubics; a point takes the first
 * piece that holds it, and one no piece holds has no factor (NaN, which the system treats as 0). A bare number
 * {@code v} is gz-sim's constant field {@code k = v/3, p = q = r = v}, which is {@code v²}, not {@code v}: Gazebo
 * scales so, and so does Orrery. Immutable.
 */
final class ScalingField {

    private final List<Piece> pieces;

    private ScalingField(List<Piece> pieces) {
        this.pieces = List.copyOf(pieces);
    }

    /** Gazebo's default: a factor of 1 everywhere. */
    static ScalingField one() {
        return new ScalingField(List.of(new Piece(Region.EVERYWHERE, Separable.constant(1.0))));
    }

    /**
     * The element as WindEffects reads it: {@code <when>} pieces, or one field throughout.
     *
     * @param bad makes the error for a malformed value, given what is wrong
     */
    static ScalingField read(SdfElement e, Function<String, IllegalArgumentException> bad) {
        List<SdfElement> whens =
                e.children().stream().filter(c -> c.name().equals("when")).toList();
        if (whens.isEmpty()) {
            return new ScalingField(List.of(new Piece(Region.EVERYWHERE, Separable.read(e, bad))));
        }
        List<Piece> pieces = new ArrayList<>();
        for (SdfElement when : whens) {
            Region region = new Region(
                    Interval.read(when, "x", bad), Interval.read(when, "y", bad), Interval.read(when, "z", bad));
            pieces.add(new Piece(region, Separable.read(when, bad)));
        }
        return new ScalingField(pieces);
    }

    /** The factor at {@code p}: NaN where no piece is defined. */
    double at(Vec3 p) {
        for (Piece piece : pieces) {
            if (piece.region.contains(p)) {
                return piece.field.at(p);
            }
        }
        return Double.NaN;
    }

    /** The least factor over every piece's region, as gz-math's {@code Minimum()} (NaN when there is no piece). */
    double minimum() {
        double min = Double.NaN;
        for (Piece piece : pieces) {
            double m = piece.field.minimum(piece.region);
            min = Double.isNaN(min) || m < min ? m : min;
        }
        return min;
    }

    private record Piece(Region region, Separable field) {}

    /** An interval: bounds infinite when absent, each closed ({@code ge}, {@code le}) or open ({@code gt}, {@code lt}). */
    record Interval(double low, boolean lowClosed, double high, boolean highClosed) {

        static final Interval ALL = new Interval(Double.NEGATIVE_INFINITY, false, Double.POSITIVE_INFINITY, false);

        boolean contains(double v) {
            boolean aboveLow = lowClosed ? v >= low : v > low;
            boolean belowHigh = highClosed ? v <= high : v < high;
            return aboveLow && belowHigh;
        }

        /** The {@code <axis>ge|gt|le|lt} attributes of a {@code <when>}; both of a pair is an error. */
        static Interval read(SdfElement when, String axis, Function<String, IllegalArgumentException> bad) {
            Bound low = bound(when, axis + "ge", axis + "gt", Double.NEGATIVE_INFINITY, bad);
            Bound high = bound(when, axis + "le", axis + "lt", Double.POSITIVE_INFINITY, bad);
            return new Interval(low.value, low.closed, high.value, high.closed);
        }

        private record Bound(double value, boolean closed) {}

        private static Bound bound(
                SdfElement when,
                String closedName,
                String openName,
                double none,
                Function<String, IllegalArgumentException> bad) {
            String closed = when.attributes().get(closedName);
            String open = when.attributes().get(openName);
            if (closed != null && open != null) {
                throw bad.apply("<when> attributes '" + closedName + "' and '" + openName + "' exclude each other");
            }
            if (closed != null) {
                return new Bound(number(closed, closedName, bad), true);
            }
            if (open != null) {
                return new Bound(number(open, openName, bad), false);
            }
            return new Bound(none, false);
        }
    }

    /** A box of space, one interval per axis. */
    record Region(Interval x, Interval y, Interval z) {

        static final Region EVERYWHERE = new Region(Interval.ALL, Interval.ALL, Interval.ALL);

        boolean contains(Vec3 p) {
            return x.contains(p.x()) && y.contains(p.y()) && z.contains(p.z());
        }
    }

    /** {@code k (p(x) + q(y) + r(z))}. */
    record Separable(double k, Cubic p, Cubic q, Cubic r) {

        static Separable constant(double v) {
            Cubic c = new Cubic(0, 0, 0, v);
            return new Separable(v / 3.0, c, c, c);
        }

        /** A bare number, or {@code <k>} (1 when absent) and {@code <px>}, {@code <qy>}, {@code <rz>} (0 when absent). */
        static Separable read(SdfElement e, Function<String, IllegalArgumentException> bad) {
            if (e.children().isEmpty()) {
                return constant(number(e.text(), e.name(), bad));
            }
            double k = e.child("k").map(c -> number(c.text(), "k", bad)).orElse(1.0);
            return new Separable(k, cubic(e, "px", bad), cubic(e, "qy", bad), cubic(e, "rz", bad));
        }

        double at(Vec3 v) {
            return k * (p.at(v.x()) + q.at(v.y()) + r.at(v.z()));
        }

        double minimum(Region region) {
            double sum = k >= 0
                    ? p.min(region.x()) + q.min(region.y()) + r.min(region.z())
                    : p.max(region.x()) + q.max(region.y()) + r.max(region.z());
            return k * sum;
        }

        private static Cubic cubic(SdfElement e, String name, Function<String, IllegalArgumentException> bad) {
            return e.child(name)
                    .map(c -> {
                        String[] parts = c.text() == null
                                ? new String[0]
                                : c.text().trim().split("\\s+");
                        if (parts.length != 4) {
                            throw bad.apply("<" + name + "> must be four coefficients 'a b c d' (a x³ + b x² + c x + d)"
                                    + ", got '" + c.text() + "'");
                        }
                        return new Cubic(
                                number(parts[0], name, bad),
                                number(parts[1], name, bad),
                                number(parts[2], name, bad),
                                number(parts[3], name, bad));
                    })
                    .orElse(new Cubic(0, 0, 0, 0));
        }
    }

    /** {@code a x³ + b x² + c x + d}, gz-math's Polynomial3 of coefficients {@code (a, b, c, d)}. */
    record Cubic(double a, double b, double c, double d) {

        double at(double x) {
            return ((a * x + b) * x + c) * x + d;
        }

        double min(Interval i) {
            return least(i);
        }

        double max(Interval i) {
            return -new Cubic(-a, -b, -c, -d).least(i);
        }

        /** The least value over the interval: at a bound or where the slope is zero (infinite where it falls away). */
        private double least(Interval i) {
            double best = Math.min(limit(i.low(), -1), limit(i.high(), 1));
            // 3a x² + 2b x + c = 0
            double qa = 3 * a;
            double qb = 2 * b;
            List<Double> stationary = new ArrayList<>();
            if (qa == 0) {
                if (qb != 0) {
                    stationary.add(-c / qb);
                }
            } else {
                double disc = qb * qb - 4 * qa * c;
                if (disc >= 0) {
                    double s = Math.sqrt(disc);
                    stationary.add((-qb + s) / (2 * qa));
                    stationary.add((-qb - s) / (2 * qa));
                }
            }
            for (double x : stationary) {
                if (i.contains(x)) {
                    best = Math.min(best, at(x));
                }
            }
            return best;
        }

        /** The value at a bound, or the limit towards an infinite one ({@code side} -1 for minus infinity). */
        private double limit(double x, int side) {
            if (Double.isFinite(x)) {
                return at(x);
            }
            if (a != 0) {
                return Math.signum(a) * side * Double.POSITIVE_INFINITY;
            }
            if (b != 0) {
                return Math.signum(b) * Double.POSITIVE_INFINITY;
            }
            if (c != 0) {
                return Math.signum(c) * side * Double.POSITIVE_INFINITY;
            }
            return d;
        }
    }

    private static double number(String text, String what, Function<String, IllegalArgumentException> bad) {
        String t = text == null ? "" : text.trim();
        try {
            double v = Double.parseDouble(t);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad.apply("<force_approximation_scaling_factor> " + what + " must be a finite number, got '" + t + "'");
    }
}
