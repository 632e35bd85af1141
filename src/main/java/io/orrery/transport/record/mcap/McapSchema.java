package io.orrery.transport.record.mcap;

import java.util.Objects;

/**
 * How a channel's messages are laid out: for protobuf, {@code encoding} "protobuf", {@code name} the full message
 * name and {@code data} a binary FileDescriptorSet with its imports.
 *
 * @param id unique in the file, 1 to 65535
 */
public record McapSchema(int id, String name, String encoding, byte[] data) {

    public McapSchema {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(encoding, "encoding");
        Objects.requireNonNull(data, "data");
    }
}
