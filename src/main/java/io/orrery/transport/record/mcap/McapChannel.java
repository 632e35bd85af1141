package io.orrery.transport.record.mcap;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A stream of messages on a topic.
 *
 * @param id unique in the file, 0 to 65535
 * @param schemaId the schema of its messages, 0 for none (a self-describing encoding such as json)
 * @param messageEncoding "protobuf", "json", ... (mcap.dev/spec/registry)
 */
public record McapChannel(int id, int schemaId, String topic, String messageEncoding, Map<String, String> metadata) {

    public McapChannel {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(messageEncoding, "messageEncoding");
        metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }
}
