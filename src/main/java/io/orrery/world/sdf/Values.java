package io.orrery.world.sdf;

import io.orrery.world.Color;
import io.orrery.world.PhysicalBounds;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.regex.Pattern;
import org.jdom2.Element;
import org.jdom2.located.LocatedElement;

/** Reading typed values out of elements, each failure an {@link SdfException} naming element and value. */
final class Values {

    // decimal numbers only: Java's parser would also take "NaN", "Infinity", "1d" and hex
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private Values() {}

    static String source(Element e) {
        Object source = e.getDocument() == null ? null : e.getDocument().getProperty(SecureXml.SOURCE);
        return source == null ? "<unknown>" : source.toString();
    }

    static int line(Element e) {
        return e instanceof LocatedElement located ? located.getLine() : 0;
    }

    static int column(Element e) {
        return e instanceof LocatedElement located ? located.getColumn() : 0;
    }

    /** An error at {@code e}; {@code where} (such as {@code model 'car'}) prefixes the detail when not empty. */
    static SdfException fail(Element e, String where, String detail) {
        return new SdfException(source(e), line(e), column(e), where.isEmpty() ? detail : where + ": " + detail);
    }

    static String tag(Element e) {
        return "<" + e.getQualifiedName() + ">";
    }

    static String text(Element e) {
        return e.getText().strip();
    }

    /** A required, non-empty attribute. */
    static String requiredAttribute(Element e, String attribute, String where) {
        String value = e.getAttributeValue(attribute);
        if (value == null || value.isBlank()) {
            throw fail(e, where, tag(e) + " needs a " + attribute + " attribute");
        }
        return value.strip();
    }

    static double number(Element e, String where) {
        return parseNumber(text(e), e, where, tag(e));
    }

    /** A finite number, zero or more. */
    static double nonNegative(Element e, String where) {
        double value = number(e, where);
        if (value < 0) {
            throw fail(e, where, tag(e) + " must be zero or more, got '" + text(e) + "'");
        }
        return value;
    }

    /** A finite number above zero. */
    static double positive(Element e, String where) {
        double value = number(e, where);
        if (value <= 0) {
            throw fail(e, where, tag(e) + " must be a positive number, got '" + text(e) + "'");
        }
        return value;
    }

    /** A length, metres: above zero and no longer than {@link PhysicalBounds#MAX_LENGTH}. */
    static double length(Element e, String where) {
        double value = positive(e, where);
        requireLength(e, where, value);
        return value;
    }

    /** Three lengths, metres, each above zero and no longer than {@link PhysicalBounds#MAX_LENGTH}. */
    static Vec3 lengths(Element e, String where) {
        Vec3 v = positiveVec3(e, where);
        requireLength(e, where, Math.max(v.x(), Math.max(v.y(), v.z())));
        return v;
    }

    /** Refuses a length (metres) beyond {@link PhysicalBounds#MAX_LENGTH}, at {@code e}. */
    static void requireLength(Element e, String where, double metres) {
        if (Math.abs(metres) > PhysicalBounds.MAX_LENGTH) {
            throw fail(
                    e,
                    where,
                    tag(e) + " " + Math.abs(metres) + " m is beyond " + PhysicalBounds.MAX_LENGTH
                            + " m, the longest shape Orrery simulates (single-precision physics; docs/limits.md)");
        }
    }

    /** Refuses a position (metres) farther than {@link PhysicalBounds#MAX_POSITION} along an axis, at {@code e}. */
    static void requirePosition(Element e, String where, Vec3 position) {
        double farthest = PhysicalBounds.reach(position);
        if (farthest > PhysicalBounds.MAX_POSITION) {
            throw fail(
                    e,
                    where,
                    tag(e) + " places a frame " + farthest + " m out along an axis, beyond "
                            + PhysicalBounds.MAX_POSITION
                            + " m, the farthest Orrery places anything (single-precision physics; docs/limits.md)");
        }
    }

    static int integer(Element e, String where) {
        try {
            return Integer.parseInt(text(e));
        } catch (NumberFormatException ex) {
            throw fail(e, where, tag(e) + " must be an integer, got '" + text(e) + "'");
        }
    }

    static boolean bool(Element e, String where) {
        return parseBool(text(e), e, where, tag(e));
    }

    static boolean boolAttribute(Element e, String attribute, boolean fallback, String where) {
        String value = e.getAttributeValue(attribute);
        return value == null ? fallback : parseBool(value.strip(), e, where, attribute + "=\"" + value + "\"");
    }

    static double[] numbers(Element e, int count, String where) {
        double[] values = numbers(e, where);
        if (values.length != count) {
            throw fail(
                    e,
                    where,
                    tag(e) + " must have " + count + " numbers, got " + values.length + ": '" + text(e) + "'");
        }
        return values;
    }

    static Vec3 vec3(Element e, String where) {
        double[] v = numbers(e, 3, where);
        return new Vec3(v[0], v[1], v[2]);
    }

    /** A colour: r g b, or r g b a (alpha 1 when left out); each channel clamped to 0..1, as Gazebo does. */
    static Color color(Element e, String where) {
        double[] v = numbers(e, where);
        if (v.length != 3 && v.length != 4) {
            throw fail(
                    e,
                    where,
                    tag(e) + " must be a colour of 3 or 4 numbers (r g b [a]), got " + v.length + ": '" + text(e)
                            + "'");
        }
        return new Color(v[0], v[1], v[2], v.length == 4 ? v[3] : 1);
    }

    /** A number from {@code min} to {@code max}, both included. */
    static double between(Element e, double min, double max, String where) {
        double value = number(e, where);
        if (value < min || value > max) {
            throw fail(
                    e, where, tag(e) + " must be from " + plain(min) + " to " + plain(max) + ", got '" + text(e) + "'");
        }
        return value;
    }

    /** A number as people write it: no trailing ".0" on whole numbers. */
    static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** Three numbers, each above zero. */
    static Vec3 positiveVec3(Element e, String where) {
        Vec3 v = vec3(e, where);
        if (v.x() <= 0 || v.y() <= 0 || v.z() <= 0) {
            throw fail(e, where, tag(e) + " must be three positive numbers, got '" + text(e) + "'");
        }
        return v;
    }

    /**
     * A {@code <pose>}: six numbers x y z roll pitch yaw (radians, or degrees with {@code degrees="true"}), or with
     * {@code rotation_format="quat_xyzw"} seven numbers x y z qx qy qz qw. An empty pose is the identity.
     */
    static Pose pose(Element e, String where) {
        String format = e.getAttributeValue("rotation_format", "euler_rpy").strip();
        double[] v = numbers(e, where);
        if (v.length == 0) {
            return Pose.IDENTITY;
        }
        Vec3 position;
        Quat rotation;
        switch (format) {
            case "euler_rpy" -> {
                if (v.length != 6) {
                    throw fail(
                            e,
                            where,
                            "<pose> must have 6 numbers (x y z roll pitch yaw), got " + v.length + ": '" + text(e)
                                    + "'");
                }
                double scale = boolAttribute(e, "degrees", false, where) ? Math.PI / 180 : 1;
                position = new Vec3(v[0], v[1], v[2]);
                rotation = Quat.fromEuler(v[3] * scale, v[4] * scale, v[5] * scale);
            }
            case "quat_xyzw" -> {
                if (v.length != 7) {
                    throw fail(
                            e,
                            where,
                            "<pose rotation_format=\"quat_xyzw\"> must have 7 numbers" + " (x y z qx qy qz qw), got "
                                    + v.length + ": '" + text(e) + "'");
                }
                Quat q = new Quat(v[6], v[3], v[4], v[5]);
                if (Math.sqrt(q.w() * q.w() + q.x() * q.x() + q.y() * q.y() + q.z() * q.z()) < 1e-9) {
                    throw fail(e, where, "<pose> quaternion must not be zero: '" + text(e) + "'");
                }
                position = new Vec3(v[0], v[1], v[2]);
                rotation = q.normalized();
            }
            default ->
                throw fail(
                        e,
                        where,
                        "<pose rotation_format=\"" + format + "\"> is not supported: expected euler_rpy or quat_xyzw");
        }
        requirePosition(e, where, position);
        return new Pose(position, rotation);
    }

    private static double[] numbers(Element e, String where) {
        String text = text(e);
        if (text.isEmpty()) {
            return new double[0];
        }
        String[] tokens = WHITESPACE.split(text);
        double[] values = new double[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            values[i] = parseNumber(tokens[i], e, where, tag(e));
        }
        return values;
    }

    private static double parseNumber(String token, Element e, String where, String what) {
        if (!NUMBER.matcher(token).matches()) {
            throw fail(e, where, what + " must be a number, got '" + token + "'");
        }
        double value = Double.parseDouble(token);
        if (!Double.isFinite(value)) {
            throw fail(e, where, what + " must be a finite number, got '" + token + "'");
        }
        return value;
    }

    private static boolean parseBool(String value, Element e, String where, String what) {
        return switch (value.toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw fail(e, where, what + " must be true, false, 1 or 0, got '" + value + "'");
        };
    }
}
