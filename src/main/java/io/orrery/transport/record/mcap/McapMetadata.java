package io.orrery.transport.record.mcap;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Named key-value pairs, such as the configuration and the seed of a run. */
public record McapMetadata(String name, Map<String, String> metadata) {

    public McapMetadata {
        Objects.requireNonNull(name, "name");
        metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }
}
