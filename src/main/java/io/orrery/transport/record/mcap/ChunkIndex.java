package io.orrery.transport.record.mcap;

import java.util.Map;

/**
 * Where a chunk and its message indexes lie, as the summary's Chunk Index record has it (or as a scan of a file
 * without a summary finds it).
 *
 * @param chunkLength the whole Chunk record, its opcode and length included
 * @param messageIndexOffsets the file offset of each channel's Message Index record after the chunk
 */
record ChunkIndex(
        long messageStartTime,
        long messageEndTime,
        long chunkStartOffset,
        long chunkLength,
        Map<Integer, Long> messageIndexOffsets,
        long messageIndexLength,
        String compression,
        long compressedSize,
        long uncompressedSize) {}
