package io.orrery.system.triggeredpublisher;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.topic.msgs.MessageTypes;
import io.orrery.world.SdfElement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One {@code <match>} of a TriggeredPublisher's {@code <input>}, compared as Gazebo's protobuf MessageDifferencer
 * compares: a full match compares the whole message, fields in order; a {@code field="a.b"} match compares that one
 * field, and when it is repeated each expected element must be found in the input (a partial match, in any order).
 * Floating-point fields are equal within {@code tol} (1e-8). Subfields of repeated fields cannot be matched, as in
 * Gazebo; Orrery refuses such a match, and an empty one, where Gazebo logs and drops it.
 */
final class InputMatcher {

    static final double DEFAULT_TOLERANCE = 1e-8;

    private final boolean positive;
    private final List<FieldDescriptor> path;
    private final Message expected;
    private final double tolerance;
    private final boolean partial;

    private InputMatcher(
            boolean positive, List<FieldDescriptor> path, Message expected, double tolerance, boolean partial) {
        this.positive = positive;
        this.path = path;
        this.expected = expected;
        this.tolerance = tolerance;
        this.partial = partial;
    }

    /** The matcher a {@code <match>} element describes for inputs of {@code type}. */
    static InputMatcher of(Class<? extends Message> type, SdfElement match, GazeboParameters params) {
        String logic = match.attributes().getOrDefault("logic_type", "positive").trim();
        if (!logic.equals("positive") && !logic.equals("negative")) {
            throw params.bad("<match logic_type> must be positive or negative, got '" + logic + "'");
        }
        String text = match.text() == null ? "" : match.text().trim();
        if (text.isEmpty()) {
            throw params.bad("an empty <match> matches nothing: give the message, or the field's value, it must equal");
        }
        double tolerance = tolerance(match, params);
        Descriptor descriptor = MessageTypes.descriptorOf(type);
        String field = match.attributes().get("field");
        if (field == null) {
            Message.Builder b = MessageTypes.defaultInstance(type).newBuilderForType();
            parse(text, b, params);
            return new InputMatcher(logic.equals("positive"), List.of(), b.build(), tolerance, false);
        }
        List<FieldDescriptor> path = path(descriptor, field.trim(), params);
        FieldDescriptor last = path.get(path.size() - 1);
        Message.Builder holder = MessageTypes.defaultInstance(type).newBuilderForType();
        for (FieldDescriptor f : path.subList(0, path.size() - 1)) {
            holder = holder.getFieldBuilder(f);
        }
        parse(last.getName() + ": " + text, holder, params);
        return new InputMatcher(logic.equals("positive"), path, holder.build(), tolerance, last.isRepeated());
    }

    private static double tolerance(SdfElement match, GazeboParameters params) {
        String tol = match.attributes().get("tol");
        if (tol == null) {
            return DEFAULT_TOLERANCE;
        }
        try {
            double value = Double.parseDouble(tol.trim());
            if (Double.isFinite(value) && value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw params.bad("<match tol> must be a number of at least 0, got '" + tol + "'");
    }

    private static List<FieldDescriptor> path(Descriptor type, String field, GazeboParameters params) {
        List<FieldDescriptor> path = new ArrayList<>();
        Descriptor at = type;
        String[] names = field.split("\\.", -1);
        for (int i = 0; i < names.length; i++) {
            FieldDescriptor f = at.findFieldByName(names[i]);
            if (f == null) {
                throw params.bad(
                        "<match field=\"" + field + "\">: " + at.getFullName() + " has no field '" + names[i] + "'");
            }
            path.add(f);
            if (i < names.length - 1) {
                if (f.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                    throw params.bad("<match field=\"" + field + "\">: '" + names[i] + "' of " + at.getFullName()
                            + " is not a message, so it has no field '" + names[i + 1] + "'");
                }
                if (f.isRepeated()) {
                    throw params.bad("<match field=\"" + field + "\">: '" + names[i]
                            + "' is a repeated message, and matching subfields of repeated messages is not"
                            + " supported (nor in Gazebo); match '" + names[i] + "' itself");
                }
                at = f.getMessageType();
            }
        }
        return List.copyOf(path);
    }

    private static void parse(String text, Message.Builder into, GazeboParameters params) {
        try {
            TextFormat.merge(text, into);
        } catch (TextFormat.ParseException e) {
            throw params.bad("<match> '" + text + "' is not a "
                    + into.getDescriptorForType().getFullName() + " in protobuf's text format: " + e.getMessage());
        }
    }

    /** True when {@code input} matches (or, for a negative match, does not). */
    boolean matches(Message input) {
        if (path.isEmpty()) {
            return positive == equal(expected, input, false);
        }
        Message in = input;
        for (FieldDescriptor f : path.subList(0, path.size() - 1)) {
            in = (Message) in.getField(f);
        }
        return positive == fieldEqual(path.get(path.size() - 1), expected, in, partial);
    }

    private boolean equal(Message a, Message b, boolean partialScope) {
        Set<FieldDescriptor> fields = new LinkedHashSet<>(a.getAllFields().keySet());
        if (!partialScope) {
            fields.addAll(b.getAllFields().keySet());
        }
        for (FieldDescriptor f : fields) {
            if (!fieldEqual(f, a, b, partialScope)) {
                return false;
            }
        }
        return true;
    }

    private boolean fieldEqual(FieldDescriptor f, Message a, Message b, boolean partialScope) {
        if (f.isRepeated()) {
            List<?> as = (List<?>) a.getField(f);
            List<?> bs = (List<?>) b.getField(f);
            return partialScope ? containsAll(f, bs, as) : sameList(f, as, bs);
        }
        if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
            if (a.hasField(f) != b.hasField(f)) {
                return partialScope && !a.hasField(f);
            }
        }
        return valueEqual(f, a.getField(f), b.getField(f), partialScope);
    }

    private boolean sameList(FieldDescriptor f, List<?> as, List<?> bs) {
        if (as.size() != bs.size()) {
            return false;
        }
        for (int i = 0; i < as.size(); i++) {
            if (!valueEqual(f, as.get(i), bs.get(i), false)) {
                return false;
            }
        }
        return true;
    }

    /** Each expected element equals a different one of the input's, in any order (MessageDifferencer's AS_SET). */
    private boolean containsAll(FieldDescriptor f, List<?> input, List<?> wanted) {
        Set<Integer> used = new HashSet<>();
        for (Object w : wanted) {
            boolean found = false;
            for (int i = 0; i < input.size() && !found; i++) {
                if (!used.contains(i) && valueEqual(f, w, input.get(i), true)) {
                    used.add(i);
                    found = true;
                }
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    private boolean valueEqual(FieldDescriptor f, Object a, Object b, boolean partialScope) {
        return switch (f.getJavaType()) {
            case MESSAGE -> equal((Message) a, (Message) b, partialScope);
            case DOUBLE -> close((Double) a, (Double) b, tolerance);
            case FLOAT -> {
                // compared in single precision, as protobuf's comparator does for float fields
                float x = (Float) a;
                float y = (Float) b;
                yield x == y || (Float.isFinite(x) && Float.isFinite(y) && Math.abs(x - y) <= (float) tolerance);
            }
            default -> a.equals(b);
        };
    }

    private static boolean close(double a, double b, double margin) {
        return a == b || (Double.isFinite(a) && Double.isFinite(b) && Math.abs(a - b) <= margin);
    }
}
