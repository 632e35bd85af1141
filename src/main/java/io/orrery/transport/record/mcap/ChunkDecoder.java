package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.util.zip.CRC32;

/**
 * Opens a Chunk record: checks its sizes against the limits, decompresses its records, checks their CRC32, and walks
 * the records inside, which may be Schema, Channel and Message records (and private ones, skipped). An error inside
 * names the chunk's file offset and the offset within its uncompressed records.
 */
final class ChunkDecoder {

    /** Sees one record inside a chunk; {@code offset} is its offset in the uncompressed records. */
    interface Visitor {
        void visit(int opcode, long offset, RecordCursor content) throws IOException;
    }

    /** A chunk's header and its uncompressed records. */
    record Chunk(long offset, RecordDecoder.ChunkHeader header, byte[] records) {}

    private final McapLimits limits;
    private final ChunkCodec codec = new ChunkCodec();

    ChunkDecoder(McapLimits limits) {
        this.limits = limits;
    }

    /** Decodes the Chunk record at {@code chunkOffset}, whose content {@code content} holds. */
    Chunk decode(RecordCursor content, long chunkOffset) throws McapFormatException {
        RecordDecoder.ChunkHeader h = RecordDecoder.chunk(content);
        if (h.uncompressedSize() < 0 || h.uncompressedSize() > limits.maxChunkBytes()) {
            throw new McapFormatException(
                    chunkOffset,
                    "the chunk declares " + Long.toUnsignedString(h.uncompressedSize())
                            + " bytes of records, more than the limit of " + limits.maxChunkBytes() + " (McapLimits)");
        }
        if (h.recordsLength() > limits.maxChunkBytes()) {
            throw new McapFormatException(
                    chunkOffset,
                    "the chunk holds " + h.recordsLength() + " compressed bytes, more than the limit of "
                            + limits.maxChunkBytes() + " (McapLimits)");
        }
        byte[] records = codec.decompress(
                h.compression(),
                content.array(),
                h.recordsAt(),
                h.recordsLength(),
                (int) h.uncompressedSize(),
                chunkOffset);
        if (h.uncompressedCrc() != 0) {
            CRC32 crc = new CRC32();
            crc.update(records);
            if (crc.getValue() != h.uncompressedCrc()) {
                throw new McapFormatException(
                        chunkOffset,
                        "the chunk's records have CRC32 " + crc.getValue() + ", its header says "
                                + h.uncompressedCrc());
            }
        }
        return new Chunk(chunkOffset, h, records);
    }

    /**
     * Walks the records inside {@code chunk}. Errors found inside, the visitor's too, name offsets within the
     * uncompressed records, and come out naming the chunk's file offset as well.
     */
    static void forEachRecord(Chunk chunk, Visitor visitor) throws IOException {
        byte[] records = chunk.records();
        int pos = 0;
        try {
            while (pos < records.length) {
                RecordCursor prefix = new RecordCursor(records, pos, records.length - pos, pos);
                int opcode = prefix.u8("a record's opcode");
                int length = prefix.length(prefix.u64("a record's length"), Mcap.aRecord(opcode));
                int contentAt = pos + Mcap.RECORD_PREFIX;
                if (opcode != Mcap.SCHEMA && opcode != Mcap.CHANNEL && opcode != Mcap.MESSAGE && opcode < 0x80) {
                    throw new McapFormatException(pos, Mcap.aRecord(opcode) + " inside a chunk");
                }
                visitor.visit(opcode, pos, new RecordCursor(records, contentAt, length, contentAt));
                pos = contentAt + length;
            }
        } catch (McapFormatException e) {
            throw new McapFormatException(
                    chunk.offset(), "in the chunk's records at offset " + e.offset() + ": " + e.problem(), e);
        }
    }
}
