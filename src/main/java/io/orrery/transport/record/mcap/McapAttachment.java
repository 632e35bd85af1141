package io.orrery.transport.record.mcap;

import java.util.Objects;

/**
 * A file kept beside the messages, such as the world a run loaded.
 *
 * @param createTime when the file was created, in nanoseconds, 0 if unknown
 * @param mediaType for example "application/xml" or "text/plain"
 */
public record McapAttachment(long logTime, long createTime, String name, String mediaType, byte[] data) {

    public McapAttachment {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mediaType, "mediaType");
        Objects.requireNonNull(data, "data");
    }
}
