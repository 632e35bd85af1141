package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.orrery.topic.msgs.MessageTypes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Reads a topic message from JSON with protobuf's JSON mapping ({@link JsonFormat}, as {@code gz topic} reads and
 * writes it): field names in lowerCamelCase or as the {@code .proto} spells them (snake_case), 64-bit integers as
 * numbers or strings, enums by name or number, a field left out or null taking protobuf's default. Before protobuf
 * parses it, the JSON is checked against the message's fields so that a refusal names the field: an unknown or
 * repeated field, a value of the wrong kind, and a number that is not finite ({@code "NaN"}, {@code "Infinity"} and
 * {@code 1e999}, which protobuf's JSON allows and which would turn the bodies a command drives into NaN).
 */
final class MessageReader {

    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final BigInteger MAX_UINT32 = BigInteger.valueOf(0xFFFF_FFFFL);
    private static final BigInteger MAX_UINT64 = new BigInteger("FFFFFFFFFFFFFFFF", 16);
    private static final BigDecimal MAX_DOUBLE = new BigDecimal(Double.MAX_VALUE);

    /** Each message's fields by both their JSON and their {@code .proto} names. */
    private static final Map<Descriptor, Map<String, FieldDescriptor>> FIELDS = new ConcurrentHashMap<>();

    /** The message of {@code type} that {@code json} describes. */
    <T extends Message> T read(JsonNode json, Class<T> type) {
        Descriptor d = MessageTypes.descriptorOf(type);
        if (json == null || !json.isObject()) {
            throw new BadMessageException("", type, "the message must be a JSON object (" + d.getFullName() + ")");
        }
        checkMessage(json, d, "", type);
        Message.Builder b = MessageTypes.defaultInstance(type).newBuilderForType();
        try {
            PARSER.merge(json.toString(), b);
        } catch (InvalidProtocolBufferException e) {
            throw new BadMessageException(
                    "", type, "the message does not fit " + d.getFullName() + ": " + e.getMessage());
        }
        return type.cast(b.build());
    }

    private static void checkMessage(JsonNode node, Descriptor d, String path, Class<?> message) {
        Map<String, FieldDescriptor> fields = FIELDS.computeIfAbsent(d, MessageReader::fieldsOf);
        Set<FieldDescriptor> given = new HashSet<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String where = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
            FieldDescriptor f = fields.get(e.getKey());
            if (f == null) {
                throw new BadMessageException(
                        where,
                        message,
                        "unknown field '" + where + "' in "
                                + MessageTypes.nameOf(message) + "; " + d.getFullName() + " has "
                                + d.getFields().stream()
                                        .map(FieldDescriptor::getJsonName)
                                        .collect(Collectors.joining(", ")));
            }
            if (!given.add(f)) {
                throw new BadMessageException(where, message, "field '" + where + "' is given twice");
            }
            checkField(e.getValue(), f, where, message);
        }
    }

    private static void checkField(JsonNode value, FieldDescriptor f, String path, Class<?> message) {
        if (value.isNull() || f.isMapField()) {
            return; // null is the default; a map (none in the bus's messages) is left to protobuf
        }
        if (f.isRepeated()) {
            if (!value.isArray()) {
                throw new BadMessageException(path, message, "field '" + path + "' must be a JSON array");
            }
            for (int i = 0; i < value.size(); i++) {
                if (!value.get(i).isNull()) {
                    checkValue(value.get(i), f, path + "[" + i + "]", message);
                }
            }
            return;
        }
        checkValue(value, f, path, message);
    }

    private static void checkValue(JsonNode value, FieldDescriptor f, String path, Class<?> message) {
        switch (f.getJavaType()) {
            case MESSAGE -> {
                Descriptor type = f.getMessageType();
                if (type.getFullName().startsWith("google.protobuf.")) {
                    return; // a well-known type has a JSON form of its own: protobuf checks it
                }
                if (!value.isObject()) {
                    throw bad(path, message, "must be a JSON object (" + type.getFullName() + ")", value);
                }
                checkMessage(value, type, path, message);
            }
            case DOUBLE, FLOAT ->
                checkFloatingPoint(value, f.getJavaType() == FieldDescriptor.JavaType.FLOAT, path, message);
            case INT, LONG -> checkInteger(value, f.getType(), path, message);
            case BOOLEAN -> {
                if (!value.isBoolean()
                        && !(value.isTextual()
                                && (value.textValue().equals("true")
                                        || value.textValue().equals("false")))) {
                    throw bad(path, message, "must be true or false", value);
                }
            }
            case STRING -> {
                if (!value.isValueNode()) {
                    throw bad(path, message, "must be a string", value);
                }
            }
            case ENUM -> checkEnum(value, f.getEnumType(), path, message);
            default -> {
                // bytes: protobuf checks its base64
            }
        }
    }

    private static void checkFloatingPoint(JsonNode value, boolean isFloat, String path, Class<?> message) {
        BigDecimal number;
        if (value.isNumber()) {
            if (!Double.isFinite(value.doubleValue())) {
                throw notFinite(path, message, value);
            }
            number = value.decimalValue();
        } else if (value.isTextual()) {
            String text = value.textValue();
            if (text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity")) {
                throw notFinite(path, message, value);
            }
            number = decimal(text).orElseThrow(() -> bad(path, message, "must be a number", value));
        } else {
            throw bad(path, message, "must be a number", value);
        }
        if (number.abs().compareTo(MAX_DOUBLE) > 0) {
            throw notFinite(path, message, value); // 1e999: protobuf refuses it as out of range
        }
        if (isFloat && Math.abs(number.doubleValue()) > Float.MAX_VALUE) {
            throw bad(path, message, "must be a number within a float's range", value);
        }
    }

    private static void checkInteger(JsonNode value, FieldDescriptor.Type type, String path, Class<?> message) {
        BigInteger min;
        BigInteger max;
        switch (type) {
            case UINT32, FIXED32 -> {
                min = BigInteger.ZERO;
                max = MAX_UINT32;
            }
            case UINT64, FIXED64 -> {
                min = BigInteger.ZERO;
                max = MAX_UINT64;
            }
            case INT64, SINT64, SFIXED64 -> {
                min = BigInteger.valueOf(Long.MIN_VALUE);
                max = BigInteger.valueOf(Long.MAX_VALUE);
            }
            default -> {
                min = BigInteger.valueOf(Integer.MIN_VALUE);
                max = BigInteger.valueOf(Integer.MAX_VALUE);
            }
        }
        String range = "must be a whole number from " + min + " to " + max;
        if (!value.isNumber() && !value.isTextual()) {
            throw bad(path, message, range, value);
        }
        BigInteger n;
        try {
            n = decimal(value.asText()).orElseThrow(ArithmeticException::new).toBigIntegerExact();
        } catch (ArithmeticException notWhole) {
            throw bad(path, message, range, value);
        }
        if (n.compareTo(min) < 0 || n.compareTo(max) > 0) {
            throw bad(path, message, range, value);
        }
    }

    private static void checkEnum(JsonNode value, EnumDescriptor type, String path, Class<?> message) {
        if (value.isTextual() && type.findValueByName(value.textValue()) != null) {
            return;
        }
        boolean number = value.isIntegralNumber() && value.canConvertToInt()
                || value.isTextual()
                        && decimal(value.textValue()).map(MessageReader::isInt).orElse(false);
        if (!number) {
            throw bad(
                    path,
                    message,
                    "must be one of "
                            + type.getValues().stream()
                                    .map(EnumValueDescriptor::getName)
                                    .collect(Collectors.joining(", "))
                            + " (or its number)",
                    value);
        }
    }

    private static boolean isInt(BigDecimal d) {
        try {
            d.intValueExact();
            return true;
        } catch (ArithmeticException e) {
            return false;
        }
    }

    /** The number {@code text} spells as protobuf's JSON parser reads it: no spaces, an exponent allowed. */
    private static Optional<BigDecimal> decimal(String text) {
        try {
            return Optional.of(new BigDecimal(text));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Map<String, FieldDescriptor> fieldsOf(Descriptor d) {
        Map<String, FieldDescriptor> byName = new LinkedHashMap<>();
        for (FieldDescriptor f : d.getFields()) {
            byName.put(f.getJsonName(), f);
            byName.put(f.getName(), f);
        }
        return Map.copyOf(byName);
    }

    private static BadMessageException notFinite(String path, Class<?> message, JsonNode value) {
        return bad(path, message, "must be a finite number", value);
    }

    private static BadMessageException bad(String path, Class<?> message, String rule, JsonNode value) {
        return new BadMessageException(path, message, "field '" + path + "' " + rule + ", got " + value);
    }

    /** A message body that does not fit its topic's type: 400 naming the field. */
    static final class BadMessageException extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        private final String field;
        private final String type;

        BadMessageException(String field, Class<?> type, String message) {
            super(message);
            this.field = field;
            this.type = MessageTypes.nameOf(type);
        }

        String field() {
            return field;
        }

        String type() {
            return type;
        }
    }
}
