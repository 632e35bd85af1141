package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Reads a complete file's Footer and summary section: checks the summary's CRC32 and that every offset it names lies
 * inside the data section. A file that does not end in a Footer and the magic has no summary to read (a killed
 * writer's file): the reader scans it instead.
 */
final class SummaryLoader {

    private final Source source;
    private final McapLimits limits;
    private final DataWalker walker;

    SummaryLoader(Source source, McapLimits limits) {
        this.source = source;
        this.limits = limits;
        this.walker = new DataWalker(source, limits);
    }

    /** The summary, or null when the file has none (no Footer and magic at its end, or a Footer naming none). */
    FileIndex load(long headerEnd) throws IOException {
        long size = source.size();
        if (size - headerEnd < Mcap.TAIL) {
            return null;
        }
        long footerOffset = size - Mcap.TAIL;
        byte[] tail = source.bytes(footerOffset, Mcap.TAIL, "the Footer");
        RecordCursor footer = new RecordCursor(tail, 0, tail.length, footerOffset);
        if (!Arrays.equals(tail, Mcap.TAIL - 8, Mcap.TAIL, Mcap.MAGIC, 0, 8)
                || footer.u8("the Footer's opcode") != Mcap.FOOTER
                || footer.u64("the Footer's length") != Mcap.FOOTER_CONTENT) {
            return null;
        }
        RecordDecoder.Footer f = RecordDecoder.footer(footer);
        if (f.summaryStart() == 0) {
            return null;
        }
        long dataEndOffset = f.summaryStart() - Mcap.DATA_END_RECORD;
        if (f.summaryStart() < 0 || dataEndOffset < headerEnd || f.summaryStart() > footerOffset) {
            throw new McapFormatException(
                    footerOffset,
                    "the Footer's summary start " + Long.toUnsignedString(f.summaryStart())
                            + " does not lie between the Header's end and the Footer");
        }
        long length = footerOffset - dataEndOffset;
        if (length > (long) limits.maxSummaryBytes() + Mcap.DATA_END_RECORD) {
            throw new McapFormatException(
                    f.summaryStart(),
                    "a summary section of " + length + " bytes, more than the limit of " + limits.maxSummaryBytes()
                            + " (McapLimits)");
        }
        byte[] summary = source.bytes(dataEndOffset, length, "the summary section");
        if (f.summaryCrc() != 0) {
            CRC32 crc = new CRC32();
            crc.update(summary, Mcap.DATA_END_RECORD, summary.length - Mcap.DATA_END_RECORD);
            crc.update(tail, 0, Mcap.RECORD_PREFIX + 16);
            if (crc.getValue() != f.summaryCrc()) {
                throw new McapFormatException(
                        f.summaryStart(),
                        "the summary section has CRC32 " + crc.getValue() + ", the Footer says " + f.summaryCrc());
            }
        }
        FileIndex index = new FileIndex();
        index.fromSummary = true;
        index.dataEndOffset = dataEndOffset;
        // read again from the file, record by record, so that errors name file offsets
        DataWalker.End end = walker.walk(dataEndOffset, footerOffset, null, (opcode, offset, content) -> {
            summaryRecord(index, opcode, offset, content);
            return true;
        });
        if (end.truncated()) {
            throw new McapFormatException(end.offset(), "a summary record runs past the Footer at " + footerOffset);
        }
        return index;
    }

    private void summaryRecord(FileIndex index, int opcode, long offset, RecordCursor c) throws IOException {
        if (offset == index.dataEndOffset) {
            if (opcode != Mcap.DATA_END) {
                throw new McapFormatException(offset, Mcap.aRecord(opcode) + " where the DataEnd record should be");
            }
            index.dataSectionCrc = RecordDecoder.dataEnd(c);
            return;
        }
        switch (opcode) {
            case Mcap.SCHEMA -> index.add(RecordDecoder.schema(c), offset);
            case Mcap.CHANNEL -> index.add(RecordDecoder.channel(c), offset);
            case Mcap.CHUNK_INDEX -> {
                ChunkIndex chunk = RecordDecoder.chunkIndex(c);
                within(index, chunk.chunkStartOffset(), chunk.chunkLength(), "a Chunk Index's chunk", offset);
                index.chunks.add(chunk);
            }
            case Mcap.ATTACHMENT_INDEX -> {
                McapAttachmentIndex a = RecordDecoder.attachmentIndex(c);
                within(index, a.offset(), a.length(), "attachment " + a.name(), offset);
                index.attachments.add(a);
            }
            case Mcap.METADATA_INDEX -> {
                MetadataIndex m = RecordDecoder.metadataIndex(c);
                within(index, m.offset(), m.length(), "metadata " + m.name(), offset);
                index.metadata.add(m);
            }
            case Mcap.STATISTICS -> {
                if (index.statistics != null) {
                    throw new McapFormatException(offset, "a second Statistics record");
                }
                index.statistics = RecordDecoder.statistics(c);
            }
            case Mcap.SUMMARY_OFFSET -> {} // a reader of the whole summary has no use for them
            case Mcap.HEADER,
                    Mcap.FOOTER,
                    Mcap.MESSAGE,
                    Mcap.CHUNK,
                    Mcap.MESSAGE_INDEX,
                    Mcap.ATTACHMENT,
                    Mcap.METADATA,
                    Mcap.DATA_END ->
                throw new McapFormatException(offset, Mcap.aRecord(opcode) + " in the summary section");
            default -> {} // a newer or private record
        }
    }

    /** Refuses an index naming bytes outside the data section (the limits apply when the record is read). */
    private void within(FileIndex index, long start, long length, String what, long offset) throws McapFormatException {
        if (start < Mcap.MAGIC.length || length < Mcap.RECORD_PREFIX || start > index.dataEndOffset - length) {
            throw new McapFormatException(
                    offset,
                    what + " at " + Long.toUnsignedString(start) + " of " + Long.toUnsignedString(length)
                            + " bytes does not lie inside the data section, which ends at " + index.dataEndOffset);
        }
    }
}
