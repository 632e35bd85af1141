package io.orrery.topic.msgs;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.List;
import java.util.Map;

/**
 * Refuses a message from outside that holds a number that is not finite: NaN or an infinity would turn the bodies a
 * command drives into NaN. Every surface that takes messages in checks them with this.
 */
public final class FiniteNumbers {

    private FiniteNumbers() {}

    /**
     * Checks every float and double field of {@code m}, nested messages too.
     *
     * @param path the message's name, to begin the named field's path with
     * @throws IllegalArgumentException naming the first field that is not finite
     */
    public static void require(Message m, String path) {
        for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            String where = path + "." + f.getName();
            List<?> values = f.isRepeated() ? (List<?>) e.getValue() : List.of(e.getValue());
            for (Object v : values) {
                boolean nonFinite =
                        v instanceof Double d && !Double.isFinite(d) || v instanceof Float f2 && !Float.isFinite(f2);
                if (nonFinite) {
                    throw new IllegalArgumentException("field '" + where + "' is not a finite number: " + v);
                }
                if (v instanceof Message nested) {
                    require(nested, where);
                }
            }
        }
    }
}
