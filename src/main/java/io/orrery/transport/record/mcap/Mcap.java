package io.orrery.transport.record.mcap;

/** The format's constants: the magic, the record opcodes and the fixed sizes (mcap.dev/spec). */
final class Mcap {

    /** Begins and ends every file: 0x89, "MCAP", the major version '0', "\r\n". */
    static final byte[] MAGIC = {(byte) 0x89, 'M', 'C', 'A', 'P', '0', '\r', '\n'};

    static final int HEADER = 0x01;
    static final int FOOTER = 0x02;
    static final int SCHEMA = 0x03;
    static final int CHANNEL = 0x04;
    static final int MESSAGE = 0x05;
    static final int CHUNK = 0x06;
    static final int MESSAGE_INDEX = 0x07;
    static final int CHUNK_INDEX = 0x08;
    static final int ATTACHMENT = 0x09;
    static final int ATTACHMENT_INDEX = 0x0A;
    static final int STATISTICS = 0x0B;
    static final int METADATA = 0x0C;
    static final int METADATA_INDEX = 0x0D;
    static final int SUMMARY_OFFSET = 0x0E;
    static final int DATA_END = 0x0F;

    /** A record's opcode and content length. */
    static final int RECORD_PREFIX = 1 + 8;
    /** The Footer's content: summary start, summary offset start, summary CRC. */
    static final int FOOTER_CONTENT = 8 + 8 + 4;
    /** The Footer record and the closing magic, the fixed tail of a complete file. */
    static final int TAIL = RECORD_PREFIX + FOOTER_CONTENT + 8;
    /** The DataEnd record: its prefix and the data section's CRC. */
    static final int DATA_END_RECORD = RECORD_PREFIX + 4;
    /** A Message record's content before its data: channel, sequence, log time, publish time. */
    static final int MESSAGE_FIXED = 2 + 4 + 8 + 8;
    /** A Chunk record's content before its records: times, uncompressed size and CRC (the compression follows). */
    static final int CHUNK_FIXED = 8 + 8 + 8 + 4;

    private Mcap() {}

    /** "a Chunk record", "an Attachment record", "an opcode 0x42 record". */
    static String aRecord(int opcode) {
        String name = opcodeName(opcode);
        return ("AEIOUaeiou".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name + " record";
    }

    static String opcodeName(int opcode) {
        return switch (opcode) {
            case HEADER -> "Header";
            case FOOTER -> "Footer";
            case SCHEMA -> "Schema";
            case CHANNEL -> "Channel";
            case MESSAGE -> "Message";
            case CHUNK -> "Chunk";
            case MESSAGE_INDEX -> "MessageIndex";
            case CHUNK_INDEX -> "ChunkIndex";
            case ATTACHMENT -> "Attachment";
            case ATTACHMENT_INDEX -> "AttachmentIndex";
            case STATISTICS -> "Statistics";
            case METADATA -> "Metadata";
            case METADATA_INDEX -> "MetadataIndex";
            case SUMMARY_OFFSET -> "SummaryOffset";
            case DATA_END -> "DataEnd";
            default -> String.format("opcode 0x%02x", opcode);
        };
    }
}
