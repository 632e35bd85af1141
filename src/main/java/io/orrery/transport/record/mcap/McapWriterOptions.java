package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.Properties;

/**
 * How a {@link McapWriter} writes.
 *
 * @param chunkSize a chunk is written once its uncompressed records reach this many bytes: the most a killed process
 *     loses, and the unit a reader decompresses
 * @param profile the Header's profile: "" (Orrery's channels use several encodings, no ROS profile fits)
 * @param library the Header's library, "orrery" and the version by default
 * @param limits what the writer refuses to write: nothing a reader with the same limits would refuse to read
 */
public record McapWriterOptions(
        McapCompression compression, int chunkSize, String profile, String library, McapLimits limits) {

    /** The chunk size the reference writers use by default. */
    public static final int DEFAULT_CHUNK_SIZE = 1 << 20;

    public McapWriterOptions {
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(library, "library");
        Objects.requireNonNull(limits, "limits");
        if (chunkSize < 1 || chunkSize > limits.maxChunkBytes()) {
            throw new IllegalArgumentException("McapWriterOptions.chunkSize is " + chunkSize
                    + ": it must be between 1 and the chunk limit, " + limits.maxChunkBytes() + " bytes");
        }
    }

    /** zstd, 1 MiB chunks, profile "", library "orrery VERSION", the default limits. */
    public static McapWriterOptions defaults() {
        return new McapWriterOptions(
                McapCompression.ZSTD, DEFAULT_CHUNK_SIZE, "", defaultLibrary(), McapLimits.defaults());
    }

    public McapWriterOptions withCompression(McapCompression c) {
        return new McapWriterOptions(c, chunkSize, profile, library, limits);
    }

    public McapWriterOptions withChunkSize(int size) {
        return new McapWriterOptions(compression, size, profile, library, limits);
    }

    public McapWriterOptions withLimits(McapLimits l) {
        return new McapWriterOptions(compression, chunkSize, profile, library, l);
    }

    /** "orrery" and the build's version, from the build-info Maven writes into the jar; "orrery" without it. */
    static String defaultLibrary() {
        try (InputStream in = McapWriterOptions.class.getResourceAsStream("/META-INF/build-info.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String version = p.getProperty("build.version");
                if (version != null && !version.isBlank()) {
                    return "orrery " + version;
                }
            }
        } catch (IOException e) {
            // a jar that cannot be read would have failed long before; the bare name is still true
        }
        return "orrery";
    }
}
