package io.orrery.transport.foxglove;

import com.google.protobuf.Message;
import io.orrery.topic.msgs.MessageTypes;
import io.orrery.transport.scene.Schemas;

/**
 * A channel this server advertises: a topic, its protobuf message type and the schema Foxglove decodes it with.
 *
 * @param id the id clients subscribe with; kept for a topic as long as its type stays the same
 * @param topic the topic's name
 * @param type the generated message class
 */
record Channel(int id, String topic, Class<? extends Message> type) {

    /** The message encoding, and the encoding of the schema: Foxglove's name for both. */
    static final String PROTOBUF = "protobuf";

    /** The schema's name: the message's full protobuf name, such as {@code gz.msgs.Twist}. */
    String schemaName() {
        return MessageTypes.nameOf(type);
    }

    /** The base64 {@code FileDescriptorSet} of the type. */
    String schema() {
        return Schemas.of(MessageTypes.descriptorOf(type));
    }
}
