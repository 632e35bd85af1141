package io.orrery.transport.record.mcap;

import java.util.zip.CRC32;

/**
 * Reads record contents into records, field by field as the spec lays them. Fields a newer writer may append are
 * left unread, as the spec asks; a field that runs past its record is a {@link McapFormatException}.
 */
final class RecordDecoder {

    /** A Chunk record's fields, its records still compressed in {@code content} at {@code recordsAt}. */
    record ChunkHeader(
            long startTime,
            long endTime,
            long uncompressedSize,
            long uncompressedCrc,
            String compression,
            int recordsAt,
            int recordsLength) {}

    /** A Footer's fields. */
    record Footer(long summaryStart, long summaryOffsetStart, long summaryCrc) {}

    private RecordDecoder() {}

    static McapHeader header(RecordCursor c) throws McapFormatException {
        return new McapHeader(c.string("the Header's profile"), c.string("the Header's library"));
    }

    static McapSchema schema(RecordCursor c) throws McapFormatException {
        int id = c.u16("a Schema's id");
        String name = c.string("a Schema's name");
        String encoding = c.string("a Schema's encoding");
        byte[] data = c.bytes(c.length(c.u32("a Schema's data length"), "a Schema's data"), "a Schema's data");
        return new McapSchema(id, name, encoding, data);
    }

    static McapChannel channel(RecordCursor c) throws McapFormatException {
        int id = c.u16("a Channel's id");
        int schemaId = c.u16("a Channel's schema id");
        String topic = c.string("a Channel's topic");
        String encoding = c.string("a Channel's message encoding");
        return new McapChannel(id, schemaId, topic, encoding, c.stringMap("a Channel's metadata"));
    }

    /** A Message record, its data being the rest of the record. */
    static McapMessage message(RecordCursor c) throws McapFormatException {
        int channel = c.u16("a Message's channel id");
        long sequence = c.u32("a Message's sequence");
        long logTime = c.u64("a Message's log time");
        long publishTime = c.u64("a Message's publish time");
        return new McapMessage(channel, sequence, logTime, publishTime, c.bytes(c.remaining(), "a Message's data"));
    }

    /** A Message record's channel and log time, without copying its data. */
    static long[] messageKey(RecordCursor c) throws McapFormatException {
        int channel = c.u16("a Message's channel id");
        c.u32("a Message's sequence");
        return new long[] {channel, c.u64("a Message's log time")};
    }

    static ChunkHeader chunk(RecordCursor c) throws McapFormatException {
        long start = c.u64("a Chunk's message start time");
        long end = c.u64("a Chunk's message end time");
        long uncompressedSize = c.u64("a Chunk's uncompressed size");
        long crc = c.u32("a Chunk's uncompressed CRC");
        String compression = c.string("a Chunk's compression");
        int length = c.length(c.u64("a Chunk's records length"), "a Chunk's records");
        int at = c.skip(length, "a Chunk's records");
        return new ChunkHeader(start, end, uncompressedSize, crc, compression, at, length);
    }

    static ChunkIndex chunkIndex(RecordCursor c) throws McapFormatException {
        return new ChunkIndex(
                c.u64("a Chunk Index's message start time"),
                c.u64("a Chunk Index's message end time"),
                c.u64("a Chunk Index's chunk offset"),
                c.u64("a Chunk Index's chunk length"),
                c.idMap("a Chunk Index's message index offsets"),
                c.u64("a Chunk Index's message index length"),
                c.string("a Chunk Index's compression"),
                c.u64("a Chunk Index's compressed size"),
                c.u64("a Chunk Index's uncompressed size"));
    }

    /** An Attachment, its CRC (when not 0) checked against its fields. */
    static McapAttachment attachment(RecordCursor c) throws McapFormatException {
        int start = c.position();
        long logTime = c.u64("an Attachment's log time");
        long createTime = c.u64("an Attachment's create time");
        String name = c.string("an Attachment's name");
        String mediaType = c.string("an Attachment's media type");
        byte[] data = c.bytes(c.length(c.u64("an Attachment's data length"), "an Attachment's data"), "data");
        int end = c.position();
        long crcAt = c.offset();
        long expected = c.u32("an Attachment's CRC");
        if (expected != 0) {
            CRC32 crc = new CRC32();
            crc.update(c.array(), start, end - start);
            if (crc.getValue() != expected) {
                throw new McapFormatException(
                        crcAt, "attachment " + name + " has CRC32 " + crc.getValue() + ", its record says " + expected);
            }
        }
        return new McapAttachment(logTime, createTime, name, mediaType, data);
    }

    static McapAttachmentIndex attachmentIndex(RecordCursor c) throws McapFormatException {
        return new McapAttachmentIndex(
                c.u64("an Attachment Index's offset"),
                c.u64("an Attachment Index's length"),
                c.u64("an Attachment Index's log time"),
                c.u64("an Attachment Index's create time"),
                c.u64("an Attachment Index's data size"),
                c.string("an Attachment Index's name"),
                c.string("an Attachment Index's media type"));
    }

    static McapMetadata metadata(RecordCursor c) throws McapFormatException {
        String name = c.string("a Metadata record's name");
        return new McapMetadata(name, c.stringMap("a Metadata record's map"));
    }

    static MetadataIndex metadataIndex(RecordCursor c) throws McapFormatException {
        return new MetadataIndex(
                c.u64("a Metadata Index's offset"),
                c.u64("a Metadata Index's length"),
                c.string("a Metadata Index's name"));
    }

    static McapStatistics statistics(RecordCursor c) throws McapFormatException {
        return new McapStatistics(
                c.u64("the Statistics' message count"),
                c.u16("the Statistics' schema count"),
                c.u32("the Statistics' channel count"),
                c.u32("the Statistics' attachment count"),
                c.u32("the Statistics' metadata count"),
                c.u32("the Statistics' chunk count"),
                c.u64("the Statistics' message start time"),
                c.u64("the Statistics' message end time"),
                c.idMap("the Statistics' channel message counts"));
    }

    static long dataEnd(RecordCursor c) throws McapFormatException {
        return c.u32("the DataEnd's data section CRC");
    }

    static Footer footer(RecordCursor c) throws McapFormatException {
        return new Footer(
                c.u64("the Footer's summary start"),
                c.u64("the Footer's summary offset start"),
                c.u32("the Footer's summary CRC"));
    }
}
