package io.orrery.transport.record.mcap;

import java.util.zip.CRC32;

/** Appends whole records (opcode, length, content) to a {@link RecordBuffer}, field by field as the spec lays them. */
final class RecordEncoder {

    private RecordEncoder() {}

    static void header(RecordBuffer b, McapHeader h) {
        int at = b.beginRecord(Mcap.HEADER);
        b.string(h.profile()).string(h.library());
        b.endRecord(at);
    }

    static void schema(RecordBuffer b, McapSchema s) {
        int at = b.beginRecord(Mcap.SCHEMA);
        b.u16(s.id()).string(s.name()).string(s.encoding()).u32(s.data().length);
        b.raw(s.data(), 0, s.data().length);
        b.endRecord(at);
    }

    static void channel(RecordBuffer b, McapChannel c) {
        int at = b.beginRecord(Mcap.CHANNEL);
        b.u16(c.id()).u16(c.schemaId()).string(c.topic()).string(c.messageEncoding());
        b.stringMap(c.metadata());
        b.endRecord(at);
    }

    static void message(RecordBuffer b, McapMessage m) {
        b.u8(Mcap.MESSAGE).u64(Mcap.MESSAGE_FIXED + (long) m.data().length);
        b.u16(m.channelId()).u32(m.sequence()).u64(m.logTime()).u64(m.publishTime());
        b.raw(m.data(), 0, m.data().length);
    }

    /** A Chunk record up to its records' length: the compressed records follow it as they are. */
    static void chunkPrefix(
            RecordBuffer b,
            long startTime,
            long endTime,
            long uncompressedSize,
            long uncompressedCrc,
            String compression,
            long compressedSize) {
        int compressionBytes = compression.length(); // the well-known names are ASCII
        long content = Mcap.CHUNK_FIXED + 4L + compressionBytes + 8 + compressedSize;
        b.u8(Mcap.CHUNK).u64(content);
        b.u64(startTime).u64(endTime).u64(uncompressedSize).u32(uncompressedCrc);
        b.string(compression).u64(compressedSize);
    }

    /** A Message Index record: {@code count} (log time, offset in the chunk's records) pairs. */
    static void messageIndex(RecordBuffer b, int channelId, long[] logTimes, long[] offsets, int count) {
        int at = b.beginRecord(Mcap.MESSAGE_INDEX);
        b.u16(channelId).u32(16L * count);
        for (int i = 0; i < count; i++) {
            b.u64(logTimes[i]).u64(offsets[i]);
        }
        b.endRecord(at);
    }

    static void chunkIndex(RecordBuffer b, ChunkIndex c) {
        int at = b.beginRecord(Mcap.CHUNK_INDEX);
        b.u64(c.messageStartTime())
                .u64(c.messageEndTime())
                .u64(c.chunkStartOffset())
                .u64(c.chunkLength());
        b.idMap(c.messageIndexOffsets()).u64(c.messageIndexLength());
        b.string(c.compression()).u64(c.compressedSize()).u64(c.uncompressedSize());
        b.endRecord(at);
    }

    /** An Attachment record with the CRC32 of its fields before the CRC. */
    static void attachment(RecordBuffer b, McapAttachment a) {
        int at = b.beginRecord(Mcap.ATTACHMENT);
        b.u64(a.logTime()).u64(a.createTime()).string(a.name()).string(a.mediaType());
        b.u64(a.data().length).raw(a.data(), 0, a.data().length);
        CRC32 crc = new CRC32();
        crc.update(b.array(), at, b.size() - at);
        b.u32(crc.getValue());
        b.endRecord(at);
    }

    static void attachmentIndex(RecordBuffer b, McapAttachmentIndex a) {
        int at = b.beginRecord(Mcap.ATTACHMENT_INDEX);
        b.u64(a.offset()).u64(a.length()).u64(a.logTime()).u64(a.createTime()).u64(a.dataSize());
        b.string(a.name()).string(a.mediaType());
        b.endRecord(at);
    }

    static void metadata(RecordBuffer b, McapMetadata m) {
        int at = b.beginRecord(Mcap.METADATA);
        b.string(m.name()).stringMap(m.metadata());
        b.endRecord(at);
    }

    static void metadataIndex(RecordBuffer b, MetadataIndex m) {
        int at = b.beginRecord(Mcap.METADATA_INDEX);
        b.u64(m.offset()).u64(m.length()).string(m.name());
        b.endRecord(at);
    }

    static void statistics(RecordBuffer b, McapStatistics s) {
        int at = b.beginRecord(Mcap.STATISTICS);
        b.u64(s.messageCount()).u16(s.schemaCount()).u32(s.channelCount()).u32(s.attachmentCount());
        b.u32(s.metadataCount()).u32(s.chunkCount()).u64(s.messageStartTime()).u64(s.messageEndTime());
        b.idMap(s.channelMessageCounts());
        b.endRecord(at);
    }

    static void summaryOffset(RecordBuffer b, int groupOpcode, long groupStart, long groupLength) {
        int at = b.beginRecord(Mcap.SUMMARY_OFFSET);
        b.u8(groupOpcode).u64(groupStart).u64(groupLength);
        b.endRecord(at);
    }

    static void dataEnd(RecordBuffer b, long dataSectionCrc) {
        int at = b.beginRecord(Mcap.DATA_END);
        b.u32(dataSectionCrc);
        b.endRecord(at);
    }

    /** The Footer up to its CRC, which covers these bytes too. */
    static void footerPrefix(RecordBuffer b, long summaryStart, long summaryOffsetStart) {
        b.u8(Mcap.FOOTER).u64(Mcap.FOOTER_CONTENT).u64(summaryStart).u64(summaryOffsetStart);
    }
}
