package io.orrery.transport.record.mcap;

/**
 * The largest sizes a reader accepts from a file, and a writer writes, so that a file from a user cannot make Orrery
 * allocate without bound: a size above its limit is refused with a {@link McapFormatException} naming the offset.
 *
 * @param maxRecordBytes the content of one record other than a Chunk or an Attachment (a schema, a channel, a
 *     metadata record, an index)
 * @param maxChunkBytes a chunk's records, compressed or not; one message is at most this less its record's overhead
 * @param maxAttachmentBytes one attachment's content (its name and media type are bounded as a record is)
 * @param maxSummaryBytes the summary section with the DataEnd record before it
 */
public record McapLimits(int maxRecordBytes, int maxChunkBytes, int maxAttachmentBytes, int maxSummaryBytes) {

    /** Java's largest array, with room for a record's prefix. */
    static final int CEILING = Integer.MAX_VALUE - 64;

    private static final int MIB = 1 << 20;

    public McapLimits {
        check("maxRecordBytes", maxRecordBytes);
        check("maxChunkBytes", maxChunkBytes);
        check("maxAttachmentBytes", maxAttachmentBytes);
        check("maxSummaryBytes", maxSummaryBytes);
    }

    /**
     * 16 MiB records (a protobuf schema is a FileDescriptorSet of some hundred KiB), 64 MiB chunks (the writer's
     * are 1 MiB unless one message is larger), 256 MiB attachments (a world and its meshes), a 64 MiB summary (about
     * a hundred bytes a chunk and ten a channel in it: some hundred thousand chunks).
     */
    public static McapLimits defaults() {
        return new McapLimits(16 * MIB, 64 * MIB, 256 * MIB, 64 * MIB);
    }

    private static void check(String name, int value) {
        if (value < 64 || value > CEILING) {
            throw new IllegalArgumentException(
                    "McapLimits." + name + " is " + value + ": it must be between 64 and " + CEILING + " bytes");
        }
    }
}
