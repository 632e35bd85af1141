package io.orrery.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.io.IOException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a topic message straight to Jackson's generator, as {@link MessageJson}'s printer would print it: the same
 * fields in the same order (by field number, every field without presence, the others when set), the same names
 * (lowerCamelCase), and the same values (64-bit integers as strings, enums by name, floats and doubles as Java prints
 * them, {@code "NaN"} and {@code "Infinity"} as strings, bytes in base64). protobuf's printer builds a sorted map of
 * the set fields and a string for each message, which was half of the control socket's send threads' CPU for two
 * odometry messages per answer. A message this writer does not cover (a map field, or one of protobuf's well-known
 * types, which have JSON forms of their own) is printed by protobuf's printer; ProtoJsonWriterTests holds both to the
 * same JSON for every message type on the bus.
 */
final class ProtoJsonWriter {

    private static final String WELL_KNOWN = "google.protobuf.";
    private static final Map<Descriptor, Layout> LAYOUTS = new ConcurrentHashMap<>();

    private ProtoJsonWriter() {}

    /** Writes {@code message} as one JSON value. */
    static void write(Message message, JsonGenerator gen) throws IOException {
        Layout layout = LAYOUTS.computeIfAbsent(message.getDescriptorForType(), Layout::of);
        if (layout.fields == null) {
            gen.writeRawValue(MessageJson.print(message));
            return;
        }
        gen.writeStartObject();
        for (FieldDescriptor f : layout.fields) {
            if (f.isRepeated()) {
                gen.writeFieldName(f.getJsonName());
                gen.writeStartArray();
                for (Object v : (List<?>) message.getField(f)) {
                    value(f, v, gen);
                }
                gen.writeEndArray();
            } else if (!f.hasPresence() || message.hasField(f)) {
                gen.writeFieldName(f.getJsonName());
                value(f, message.getField(f), gen);
            }
        }
        gen.writeEndObject();
    }

    private static void value(FieldDescriptor f, Object v, JsonGenerator gen) throws IOException {
        switch (f.getType()) {
            case INT32, SINT32, SFIXED32 -> gen.writeNumber((Integer) v);
            case UINT32, FIXED32 -> gen.writeNumber(Integer.toUnsignedLong((Integer) v));
            case INT64, SINT64, SFIXED64 -> gen.writeString(Long.toString((Long) v));
            case UINT64, FIXED64 -> gen.writeString(Long.toUnsignedString((Long) v));
            case BOOL -> gen.writeBoolean((Boolean) v);
            case FLOAT, DOUBLE -> {
                // as Java prints a float or a double, as protobuf's printer does; NaN and the infinities as strings
                double x = ((Number) v).doubleValue();
                if (Double.isNaN(x) || Double.isInfinite(x)) {
                    gen.writeString(v.toString());
                } else {
                    gen.writeNumber(v.toString());
                }
            }
            case STRING -> gen.writeString((String) v);
            case BYTES -> gen.writeString(Base64.getEncoder().encodeToString(((ByteString) v).toByteArray()));
            case ENUM -> {
                EnumValueDescriptor e = (EnumValueDescriptor) v;
                if (e.getIndex() < 0) {
                    gen.writeNumber(e.getNumber()); // a number this version of the type does not name
                } else {
                    gen.writeString(e.getName());
                }
            }
            case MESSAGE, GROUP -> write((Message) v, gen);
        }
    }

    /** A message type's fields in the order the printer prints them, or null when this writer leaves it to it. */
    private record Layout(FieldDescriptor[] fields) {

        static Layout of(Descriptor type) {
            if (type.getFullName().startsWith(WELL_KNOWN)) {
                return new Layout(null);
            }
            FieldDescriptor[] fields = type.getFields().toArray(FieldDescriptor[]::new);
            if (Arrays.stream(fields).anyMatch(FieldDescriptor::isMapField)) {
                return new Layout(null);
            }
            Arrays.sort(fields, Comparator.comparingInt(FieldDescriptor::getNumber));
            return new Layout(fields);
        }
    }
}
