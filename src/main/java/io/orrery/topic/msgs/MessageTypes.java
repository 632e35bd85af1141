package io.orrery.topic.msgs;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Internal;
import com.google.protobuf.Message;

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

    private MessageTypes() {}

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
