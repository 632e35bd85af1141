package io.orrery.transport.record.mcap;

/**
 * Where an attachment lies and what it is, without its content: {@link McapReader#attachment} reads it.
 *
 * @param offset the file offset of the Attachment record
 * @param length the whole record, its opcode and length included
 * @param dataSize the attachment's content
 */
public record McapAttachmentIndex(
        long offset, long length, long logTime, long createTime, long dataSize, String name, String mediaType) {}
