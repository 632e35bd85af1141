package io.orrery.transport.gz;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.orrery.topic.msgs.FiniteNumbers;
import io.orrery.topic.msgs.MessageTypes;
import java.util.Optional;

/**
 * gz-msgs' type names on the wire, and inbound bytes as the bus's messages. The bus carries the generated gz.msgs
 * classes themselves, so a message goes out as its own protobuf bytes and comes in parsed by its own parser; an
 * inbound message with a number that is not finite is refused, as the HTTP API refuses it.
 *
 * <p>On the wire a type is named {@code gz.msgs.X} or {@code ignition.msgs.X} ({@code orrery.transport.message-types});
 * inbound, both are accepted.
 */
final class MessageCatalog {

    static final String GZ = "gz.msgs.";
    static final String IGNITION = "ignition.msgs.";

    private final String prefix;

    MessageCatalog(String prefix) {
        this.prefix = prefix;
    }

    /** The name a bus type has on the wire, if it is a gz-msgs message. */
    Optional<String> wireName(Class<? extends Message> type) {
        String name = MessageTypes.nameOf(type);
        return name.startsWith(GZ) ? Optional.of(prefix + name.substring(GZ.length())) : Optional.empty();
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

    /** True when {@code wireType} names the bus type under either prefix. */
    static boolean sameType(String wireType, Class<? extends Message> type) {
        return canonical(wireType).map(MessageTypes.nameOf(type)::equals).orElse(false);
    }

    /**
     * The message of {@code type} that the protobuf bytes hold.
     *
     * @throws BadMessageException when they do not parse or hold a number that is not finite
     */
    static <T extends Message> T decode(byte[] bytes, Class<T> type) {
        Message m;
        try {
            m = MessageTypes.defaultInstance(type).getParserForType().parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new BadMessageException("the bytes are not a " + MessageTypes.nameOf(type) + ": " + e.getMessage());
        }
        try {
            FiniteNumbers.require(m, m.getDescriptorForType().getName());
        } catch (IllegalArgumentException e) {
            throw new BadMessageException(e.getMessage());
        }
        return type.cast(m);
    }

    /** A message from a peer that Orrery cannot take; the message says why. */
    static final class BadMessageException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        BadMessageException(String message) {
            super(message);
        }
    }
}
