package io.orrery.transport.gz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import com.gz.msgs.ClockProtos;
import com.gz.msgs.OdometryProtos;
import com.gz.msgs.SceneProtos;
import com.gz.msgs.WorldStatsProtos;
import io.orrery.topic.msgs.MessageTypes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * gz-msgs' messages by name, and the bus's message records to and from their protobuf bytes. A record goes through
 * its JSON, which already is protobuf's JSON mapping of the message (field for field, lowerCamelCase names), so one
 * conversion serves every type: the record's JSON is parsed into the message, and a message's JSON is read into the
 * record. Inbound messages with a number that is not finite are refused, as the HTTP API refuses them.
 *
 * <p>On the wire a type is named {@code gz.msgs.X} or {@code ignition.msgs.X} ({@code orrery.transport.message-types});
 * inbound, both are accepted.
 */
final class MessageCatalog {

    static final String GZ = "gz.msgs.";
    static final String IGNITION = "ignition.msgs.";

    private final Map<String, Descriptor> byName = new HashMap<>();
    private final String prefix;
    private final ObjectMapper mapper;
    private final JsonFormat.Parser parser = JsonFormat.parser().ignoringUnknownFields();
    private final JsonFormat.Printer printer = JsonFormat.printer().omittingInsignificantWhitespace();

    MessageCatalog(String prefix, ObjectMapper mapper) {
        this.prefix = prefix;
        this.mapper = mapper;
        // Every message of these files and of everything they import (Scene reaches most of gz-msgs' geometry).
        Deque<FileDescriptor> todo = new ArrayDeque<>(List.of(ClockProtos.getDescriptor(),
                WorldStatsProtos.getDescriptor(), OdometryProtos.getDescriptor(), SceneProtos.getDescriptor()));
        for (Class<?> c : roots()) {
            todo.add(fileOf(c));
        }
        Set<FileDescriptor> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            FileDescriptor f = todo.pop();
            if (seen.add(f)) {
                f.getMessageTypes().forEach(d -> byName.put(d.getFullName(), d));
                todo.addAll(f.getDependencies());
            }
        }
    }

    private static List<Class<?>> roots() {
        return List.of(com.gz.msgs.AltimeterProtos.class, com.gz.msgs.BoolProtos.class,
                com.gz.msgs.ContactsProtos.class, com.gz.msgs.DoubleProtos.class, com.gz.msgs.IMUProtos.class,
                com.gz.msgs.LaserScanProtos.class, com.gz.msgs.MagnetometerProtos.class,
                com.gz.msgs.PoseVProtos.class, com.gz.msgs.TwistProtos.class, com.gz.msgs.WrenchProtos.class);
    }

    private static FileDescriptor fileOf(Class<?> outer) {
        try {
            return (FileDescriptor) outer.getMethod("getDescriptor").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(outer + " is not a generated protobuf class", e);
        }
    }

    /** The name a record's type has on the wire, if gz-msgs has that message. */
    Optional<String> wireName(Class<?> recordType) {
        String name = MessageTypes.nameOf(recordType);
        if (!name.startsWith(GZ) || !byName.containsKey(name)) {
            return Optional.empty();
        }
        return Optional.of(prefix + name.substring(GZ.length()));
    }

    /** The name of a generated message on the wire. */
    String wireName(Descriptor descriptor) {
        return prefix + descriptor.getName();
    }

    /** {@code gz.msgs.X} for {@code gz.msgs.X} or {@code ignition.msgs.X}; empty for another name. */
    static Optional<String> canonical(String wireType) {
        if (wireType.startsWith(GZ)) {
            return Optional.of(wireType);
        }
        if (wireType.startsWith(IGNITION)) {
            return Optional.of(GZ + wireType.substring(IGNITION.length()));
        }
        return Optional.empty();
    }

    /** True when {@code wireType} names {@code descriptor} under either prefix. */
    static boolean sameType(String wireType, Descriptor descriptor) {
        return canonical(wireType).map(descriptor.getFullName()::equals).orElse(false);
    }

    /** True when {@code wireType} names the record type under either prefix. */
    static boolean sameType(String wireType, Class<?> recordType) {
        return canonical(wireType).map(MessageTypes.nameOf(recordType)::equals).orElse(false);
    }

    /** The record as protobuf bytes. */
    byte[] encode(Object record) {
        Descriptor d = byName.get(MessageTypes.nameOf(record.getClass()));
        if (d == null) {
            throw new IllegalArgumentException(MessageTypes.nameOf(record.getClass()) + " is not a gz-msgs message");
        }
        try {
            DynamicMessage.Builder b = DynamicMessage.newBuilder(d);
            parser.merge(mapper.writeValueAsString(record), b);
            return b.build().toByteArray();
        } catch (JsonProcessingException | InvalidProtocolBufferException e) {
            throw new IllegalStateException("cannot encode " + d.getFullName() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The record of {@code type} that the protobuf bytes hold.
     *
     * @throws BadMessageException when they do not parse, hold a number that is not finite, or do not fit the record
     */
    <T> T decode(byte[] bytes, Class<T> type) {
        Descriptor d = byName.get(MessageTypes.nameOf(type));
        if (d == null) {
            throw new BadMessageException(MessageTypes.nameOf(type) + " is not a gz-msgs message");
        }
        try {
            DynamicMessage m = DynamicMessage.parseFrom(d, bytes);
            requireFinite(m, d.getName());
            return mapper.readValue(printer.print(m), type);
        } catch (InvalidProtocolBufferException e) {
            throw new BadMessageException("the bytes are not a " + d.getFullName() + ": " + e.getMessage());
        } catch (JsonProcessingException | RuntimeException e) {
            throw new BadMessageException("the " + d.getFullName() + " does not fit Orrery's message: "
                    + e.getMessage());
        }
    }

    /** Rejects NaN and infinities anywhere in the message, naming the field. */
    static void requireFinite(Message m, String path) {
        for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            String where = path + "." + f.getName();
            List<?> values = f.isRepeated() ? (List<?>) e.getValue() : List.of(e.getValue());
            for (Object v : values) {
                boolean nonFinite = v instanceof java.lang.Double d && !java.lang.Double.isFinite(d)
                        || v instanceof Float f2 && !Float.isFinite(f2);
                if (nonFinite) {
                    throw new BadMessageException("field '" + where + "' is not a finite number: " + v);
                }
                if (v instanceof Message nested) {
                    requireFinite(nested, where);
                }
            }
        }
    }

    /** A message from a peer that Orrery cannot take; the message says why. */
    static final class BadMessageException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        BadMessageException(String message) {
            super(message);
        }
    }
}
