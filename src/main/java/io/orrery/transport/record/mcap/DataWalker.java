package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.util.zip.CRC32;

/**
 * Reads top-level records one after another, each whole and each length checked against the limits before it is
 * read. A record that the file ends inside of stops the walk as truncated: what a killed writer leaves.
 */
final class DataWalker {

    /** Sees one record; returns false to stop after it. */
    interface Visitor {
        boolean visit(int opcode, long offset, RecordCursor content) throws IOException;
    }

    /**
     * Where a walk ended: after the record the visitor stopped at, at {@code to}, or, when {@code truncated}, at the
     * start of a record the file ends inside of.
     */
    record End(long offset, boolean truncated) {}

    private final Source source;
    private final McapLimits limits;

    DataWalker(Source source, McapLimits limits) {
        this.source = source;
        this.limits = limits;
    }

    /** Walks from {@code from} to at most {@code to}, adding every byte read to {@code crc} if given. */
    End walk(long from, long to, CRC32 crc, Visitor visitor) throws IOException {
        long offset = from;
        byte[] prefix = new byte[Mcap.RECORD_PREFIX];
        while (offset < to) {
            if (to - offset < Mcap.RECORD_PREFIX) {
                return new End(offset, true);
            }
            source.read(offset, prefix, 0, prefix.length);
            int opcode = prefix[0] & 0xFF;
            long length = new RecordCursor(prefix, 1, 8, offset + 1).u64("a record's length");
            checkLength(opcode, length, offset);
            if (length > to - offset - Mcap.RECORD_PREFIX) {
                return new End(offset, true);
            }
            byte[] content = new byte[(int) length];
            source.read(offset + Mcap.RECORD_PREFIX, content, 0, content.length);
            long next = offset + Mcap.RECORD_PREFIX + length;
            boolean more = visitor.visit(opcode, offset, new RecordCursor(content, 0, content.length, offset + 9));
            if (crc != null) { // after the visit: a DataEnd record's CRC covers what comes before it
                crc.update(prefix);
                crc.update(content);
            }
            if (!more) {
                return new End(next, false);
            }
            offset = next;
        }
        return new End(offset, false);
    }

    /** Refuses a record longer than its kind may be (the Chunk's records and an Attachment's data have their own). */
    void checkLength(int opcode, long length, long offset) throws McapFormatException {
        long limit = contentLimit(opcode);
        if (length < 0 || length > limit) {
            throw new McapFormatException(
                    offset,
                    Mcap.aRecord(opcode) + " of " + Long.toUnsignedString(length) + " bytes, more than the limit of "
                            + limit + " (McapLimits)");
        }
    }

    long contentLimit(int opcode) {
        long limit = switch (opcode) {
            case Mcap.CHUNK -> limits.maxChunkBytes() + 4096L; // the records and the chunk's own fields
            case Mcap.ATTACHMENT -> (long) limits.maxAttachmentBytes() + limits.maxRecordBytes();
            default -> limits.maxRecordBytes();
        };
        return Math.min(limit, McapLimits.CEILING);
    }
}
