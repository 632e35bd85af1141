package io.orrery.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.topic.msgs.MessageTypes;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads a message record from JSON as {@code gz topic --json-output} writes it (protobuf's lowerCamelCase names)
 * or with the {@code .proto} snake_case names. A field the record does not have, or a value that does not fit,
 * is refused naming the field, and so is a number that is not finite. Fields left out take protobuf's defaults.
 */
final class MessageReader {

    /** Each record's components by name: looked up for every field of every message a controller publishes. */
    private static final ClassValue<Map<String, RecordComponent>> COMPONENTS = new ClassValue<>() {
        @Override
        protected Map<String, RecordComponent> computeValue(Class<?> type) {
            return Arrays.stream(type.getRecordComponents())
                    .collect(Collectors.toUnmodifiableMap(RecordComponent::getName, c -> c));
        }
    };

    private final ClassValue<ObjectReader> readers;

    MessageReader(ObjectMapper mapper) {
        this.readers = new ClassValue<>() {
            @Override
            protected ObjectReader computeValue(Class<?> type) {
                return mapper.readerFor(type)
                        .with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                        .without(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
            }
        };
    }

    /** The message of {@code type} that {@code json} describes. */
    <T> T read(JsonNode json, Class<T> type) {
        JsonNode named = convert(json, type, "", type);
        try {
            return readers.get(type).readValue(named);
        } catch (JsonMappingException e) {
            String field = path(e.getPath());
            throw new BadMessageException(field, type, "field '" + field + "' does not fit "
                    + MessageTypes.nameOf(type) + ": " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw new BadMessageException("", type, "the message does not fit " + MessageTypes.nameOf(type) + ": "
                    + e.getMessage());
        }
    }

    /** The node with every object's field names in lowerCamelCase, checked against the records they fill. */
    private static JsonNode convert(JsonNode node, Type type, String path, Class<?> message) {
        if (type instanceof Class<?> c && c.isRecord()) {
            if (!node.isObject()) {
                throw new BadMessageException(path, message, (path.isEmpty() ? "the message" : "field '" + path + "'")
                        + " must be a JSON object (" + MessageTypes.nameOf(c) + ")");
            }
            return convertRecord((ObjectNode) node, c, path, message);
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class && node.isArray()) {
            ArrayNode out = ((ArrayNode) node).arrayNode();
            for (int i = 0; i < node.size(); i++) {
                out.add(convert(node.get(i), p.getActualTypeArguments()[0], path + "[" + i + "]", message));
            }
            return out;
        }
        if (isFloatingPoint(type) && !finite(node)) {
            // protobuf's JSON allows "NaN" and "Infinity", and 1e999 reads as infinity: a command carrying one
            // would turn the bodies it drives into NaN
            throw new BadMessageException(path, message, "field '" + path + "' must be a finite number, got "
                    + node);
        }
        return node; // other scalars: Jackson checks them
    }

    private static boolean isFloatingPoint(Type type) {
        return type == double.class || type == java.lang.Double.class || type == float.class
                || type == Float.class;
    }

    /** False for a number, or a string Jackson would read as one, that is not finite. */
    private static boolean finite(JsonNode node) {
        if (node.isNumber()) {
            return Double.isFinite(node.doubleValue());
        }
        if (node.isTextual()) {
            try {
                return Double.isFinite(Double.parseDouble(node.textValue().strip()));
            } catch (NumberFormatException notANumber) {
                return true; // not a number at all: Jackson refuses it naming the field
            }
        }
        return true;
    }

    private static ObjectNode convertRecord(ObjectNode node, Class<?> type, String path, Class<?> message) {
        Map<String, RecordComponent> components = COMPONENTS.get(type);
        ObjectNode out = node.objectNode();
        for (Map.Entry<String, JsonNode> f : node.properties()) {
            String field = path.isEmpty() ? f.getKey() : path + "." + f.getKey();
            RecordComponent c = components.get(lowerCamel(f.getKey()));
            if (c == null) {
                throw new BadMessageException(field, message, "unknown field '" + field + "' in "
                        + MessageTypes.nameOf(message) + "; " + MessageTypes.nameOf(type) + " has "
                        + String.join(", ", components.keySet().stream().sorted().toList()));
            }
            if (out.has(c.getName())) {
                throw new BadMessageException(field, message, "field '" + field + "' is given twice");
            }
            out.set(c.getName(), convert(f.getValue(), c.getGenericType(), field, message));
        }
        return out;
    }

    /** {@code vertical_angle_min} → {@code verticalAngleMin}; a lowerCamelCase name stays as it is. */
    static String lowerCamel(String name) {
        if (name.indexOf('_') < 0) {
            return name;
        }
        StringBuilder b = new StringBuilder(name.length());
        boolean upper = false;
        for (char ch : name.toCharArray()) {
            if (ch == '_' && b.length() > 0) {
                upper = true;
            } else {
                b.append(upper ? Character.toUpperCase(ch) : ch);
                upper = false;
            }
        }
        return b.toString();
    }

    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                b.append(b.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
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
