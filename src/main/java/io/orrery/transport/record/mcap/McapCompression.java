package io.orrery.transport.record.mcap;

import java.util.Optional;

/** How a writer compresses its chunks: the names are the ones the Chunk record's {@code compression} field holds. */
public enum McapCompression {
    /** Records as they are. */
    NONE(""),
    /** Zstandard at its default level: the smaller files. */
    ZSTD("zstd"),
    /** LZ4 frames: less CPU for larger files. */
    LZ4("lz4");

    private final String wireName;

    McapCompression(String wireName) {
        this.wireName = wireName;
    }

    /** The name in the file: "", "zstd" or "lz4". */
    public String wireName() {
        return wireName;
    }

    static Optional<McapCompression> byWireName(String name) {
        for (McapCompression c : values()) {
            if (c.wireName.equals(name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
