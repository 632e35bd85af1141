package io.orrery.topic.msgs;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Internal;
import com.google.protobuf.Message;
import java.util.Map;
import java.util.Optional;

/** The names of the bus's message types: a protobuf message's full name, such as {@code gz.msgs.Twist}. */
public final class MessageTypes {

    private static final ClassValue<String> NAMES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            return Message.class.isAssignableFrom(type)
                    ? defaultInstance(type.asSubclass(Message.class))
                            .getDescriptorForType()
                            .getFullName()
                    : type.getName();
        }
    };

    private static final String GZ = "gz.msgs.";
    private static final String IGNITION = "ignition.msgs.";
    /** Outer classes not named after their message ({@code <Message>Protos}, underscores dropped). */
    private static final Map<String, String> OUTER = Map.ofEntries(
            Map.entry("Boolean", "BoolProtos"),
            Map.entry("Polyline", "PolylineGeomProtos"),
            Map.entry("WorldStatistics", "WorldStatsProtos"),
            // serialized.proto and serialized_map.proto name no outer class: protoc names it after the file
            Map.entry("SerializedComponent", "Serialized"),
            Map.entry("SerializedEntity", "Serialized"),
            Map.entry("SerializedState", "Serialized"),
            Map.entry("SerializedStep", "Serialized"),
            Map.entry("SerializedEntityMap", "SerializedMap"),
            Map.entry("SerializedStateMap", "SerializedMap"),
            Map.entry("SerializedStepMap", "SerializedMap"));

    private MessageTypes() {}

    /**
     * The generated gz-msgs class of the type Gazebo names {@code name} ({@code gz.msgs.X}, or the older
     * {@code ignition.msgs.X}), as gz-msgs' factory makes a message from a world file's type name; empty for a
     * name that is not one of the messages Orrery carries.
     */
    public static Optional<Class<? extends Message>> named(String name) {
        String simple;
        if (name.startsWith(GZ)) {
            simple = name.substring(GZ.length());
        } else if (name.startsWith(IGNITION)) {
            simple = name.substring(IGNITION.length());
        } else {
            return Optional.empty();
        }
        if (!simple.matches("[A-Za-z][A-Za-z0-9_]*")) {
            return Optional.empty();
        }
        String outer = OUTER.getOrDefault(simple, simple.replace("_", "") + "Protos");
        try {
            Class<?> type =
                    Class.forName("com.gz.msgs." + outer + "$" + simple, false, MessageTypes.class.getClassLoader());
            if (Message.class.isAssignableFrom(type) && nameOf(type).equals(GZ + simple)) {
                return Optional.of(type.asSubclass(Message.class));
            }
        } catch (ClassNotFoundException e) {
            // not a message Orrery carries
        }
        return Optional.empty();
    }

    /** The type's name: {@code gz.msgs.Twist} for {@code TwistProtos.Twist}, the class name for another class. */
    public static String nameOf(Class<?> type) {
        return NAMES.get(type);
    }

    /** The message type's descriptor: its fields, for reading JSON against it. */
    public static Descriptor descriptorOf(Class<? extends Message> type) {
        return defaultInstance(type).getDescriptorForType();
    }

    /** The message type's default instance, whose builder and parser make new ones. */
    public static <T extends Message> T defaultInstance(Class<T> type) {
        return Internal.getDefaultInstance(type);
    }
}
