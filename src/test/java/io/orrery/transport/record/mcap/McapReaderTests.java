package io.orrery.transport.record.mcap;

import static io.orrery.transport.record.mcap.McapRoundTripTests.all;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Damaged, truncated and hostile files: a killed writer's file reads to its last complete chunk; a wrong CRC, a size
 * above a limit or an index pointing elsewhere is a {@link McapFormatException} naming the offset.
 */
class McapReaderTests {

    static final int CHUNKS = 10;
    static final int PER_CHUNK = 20; // messages a channel in each chunk

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void aFileCutAnywhereReadsToItsLastCompleteChunk(McapCompression compression) throws IOException {
        byte[] file = chunked(compression);
        List<ChunkIndex> chunks;
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            chunks = reader.chunkIndexes();
        }
        assertThat(chunks).hasSize(CHUNKS);
        long firstChunk = chunks.get(0).chunkStartOffset();
        List<Long> cuts = new ArrayList<>(List.of(firstChunk, firstChunk + 3));
        for (ChunkIndex c : chunks) {
            long end = c.chunkStartOffset() + c.chunkLength();
            cuts.addAll(List.of(
                    c.chunkStartOffset() + 1,
                    c.chunkStartOffset() + 9,
                    c.chunkStartOffset() + c.chunkLength() / 2,
                    end - 1,
                    end,
                    end + c.messageIndexLength() - 1,
                    end + c.messageIndexLength()));
        }
        for (long cut : cuts) {
            int complete = (int) chunks.stream()
                    .filter(c -> c.chunkStartOffset() + c.chunkLength() <= cut)
                    .count();
            try (McapReader reader = McapReader.of(Arrays.copyOf(file, (int) cut), McapLimits.defaults())) {
                assertThat(reader.hasSummary()).as("cut at %d", cut).isFalse();
                List<McapMessage> read = all(reader.messages());
                assertThat(read).as("messages of a file cut at %d", cut).hasSize(complete * 3 * PER_CHUNK);
                for (int i = 0; i < read.size(); i++) {
                    assertThat(read.get(i).sequence()).isEqualTo(i / 3);
                    assertThat(read.get(i).channelId()).isEqualTo(i % 3);
                }
                assertThat(reader.statistics().messageCount()).isEqualTo(read.size());
                assertThat(reader.statistics().chunkCount()).isEqualTo(complete);
                boolean atRecordEnd = chunks.stream()
                        .anyMatch(c -> cut == c.chunkStartOffset()
                                || cut == c.chunkStartOffset() + c.chunkLength()
                                || cut == c.chunkStartOffset() + c.chunkLength() + c.messageIndexLength());
                assertThat(reader.truncatedAt().isPresent())
                        .as("truncated at %d", cut)
                        .isEqualTo(!atRecordEnd);
                assertThat(reader.metadata()).extracting(McapMetadata::name).containsExactly("before");
                reader.verify(); // what is there is whole: the chunks' CRCs and message indexes agree
            }
        }
    }

    @Test
    void aFileCutInItsSummaryReadsEveryMessage() throws IOException {
        byte[] file = chunked(McapCompression.ZSTD);
        long summaryStart = footer(file).getLong(9);
        try (McapReader reader = McapReader.of(Arrays.copyOf(file, (int) summaryStart + 20), McapLimits.defaults())) {
            assertThat(reader.hasSummary()).isFalse();
            assertThat(reader.truncatedAt()).isEmpty(); // the data section ends at its DataEnd record
            assertThat(all(reader.messages())).hasSize(CHUNKS * 3 * PER_CHUNK);
            assertThat(reader.metadata()).extracting(McapMetadata::name).containsExactly("before", "after");
            reader.verify();
        }
    }

    @Test
    void aFileCutBeforeItsHeaderEndsIsRefused() {
        byte[] file = chunked(McapCompression.ZSTD);
        assertThatThrownBy(() -> McapReader.of(Arrays.copyOf(file, 20), McapLimits.defaults()))
                .isInstanceOf(McapFormatException.class)
                .hasMessage("MCAP at offset 8: the file ends before its Header record does");
        assertThatThrownBy(() -> McapReader.of("not mcap".getBytes(), McapLimits.defaults()))
                .isInstanceOf(McapFormatException.class)
                .hasMessageContaining("offset 0: not an MCAP file");
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void aChunkWhoseBytesChangedIsRefusedAtItsOffset(McapCompression compression) throws IOException {
        byte[] file = chunked(compression);
        ChunkIndex third = chunkIndexes(file).get(2);
        file[(int) (third.chunkStartOffset() + third.chunkLength() - 5)] ^= 0x10;
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            McapMessageCursor messages = reader.messages();
            assertThatThrownBy(() -> all(messages))
                    .isInstanceOf(McapFormatException.class)
                    .hasMessageStartingWith("MCAP at offset " + third.chunkStartOffset() + ": the chunk's")
                    .satisfies(
                            e -> assertThat(((McapFormatException) e).offset()).isEqualTo(third.chunkStartOffset()));
            assertThatThrownBy(reader::verify).hasMessageContaining("offset " + third.chunkStartOffset());
        }
    }

    @Test
    void aChunkWhoseRecordsDoNotMatchItsCrcIsRefused() throws IOException {
        byte[] file = chunked(McapCompression.NONE);
        ChunkIndex first = chunkIndexes(file).get(0);
        file[(int) (first.chunkStartOffset() + first.chunkLength() - 5)] ^= 0x10; // a message's data: still parses
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            assertThatThrownBy(() -> all(reader.messages()))
                    .hasMessageMatching("MCAP at offset " + first.chunkStartOffset()
                            + ": the chunk's records have CRC32 \\d+, its header says \\d+");
        }
    }

    @Test
    void anAttachmentWhoseBytesChangedIsRefused() throws IOException {
        byte[] file = chunked(McapCompression.LZ4);
        McapAttachmentIndex a;
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            a = reader.attachments().get(0);
        }
        file[(int) (a.offset() + a.length() - 5)] ^= 0x01; // the data's last byte
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            assertThatThrownBy(() -> reader.attachment(a))
                    .isInstanceOf(McapFormatException.class)
                    .hasMessageMatching("MCAP at offset " + (a.offset() + a.length() - 4)
                            + ": attachment world.sdf has CRC32 \\d+, its record says \\d+");
        }
    }

    @Test
    void aSummaryWhoseBytesChangedIsRefused() {
        byte[] file = chunked(McapCompression.ZSTD);
        long summaryStart = footer(file).getLong(9);
        file[(int) summaryStart + 30] ^= 0x01;
        assertThatThrownBy(() -> McapReader.of(file, McapLimits.defaults()))
                .isInstanceOf(McapFormatException.class)
                .hasMessageMatching("MCAP at offset " + summaryStart
                        + ": the summary section has CRC32 \\d+, the Footer says \\d+");
    }

    @Test
    void aDataSectionWhoseBytesChangedFailsVerification() throws IOException {
        byte[] file = chunked(McapCompression.ZSTD);
        long metadataAt;
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            metadataAt = reader.index().metadata.get(0).offset();
        }
        int lastChar = (int) metadataAt
                + Mcap.RECORD_PREFIX
                + (int) le(file, metadataAt + 1).getLong()
                - 1;
        file[lastChar] = 'X'; // a metadata value, which no CRC of its own covers
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            assertThat(reader.metadata().get(0).metadata()).containsEntry("k", "X");
            assertThatThrownBy(reader::verify)
                    .isInstanceOf(McapFormatException.class)
                    .hasMessageContaining("the data section has CRC32");
        }
    }

    @Test
    void everySizeReadFromAFileIsBounded() throws IOException {
        byte[] file = chunked(McapCompression.NONE);

        byte[] longHeader = file.clone();
        le(longHeader, 9).putLong(-1);
        assertThatThrownBy(() -> McapReader.of(longHeader, McapLimits.defaults()))
                .hasMessage("MCAP at offset 8: a Header record of 18446744073709551615 bytes, more than the limit of "
                        + McapLimits.defaults().maxRecordBytes() + " (McapLimits)");

        byte[] longProfile = file.clone();
        le(longProfile, 17).putInt(-1);
        assertThatThrownBy(() -> McapReader.of(longProfile, McapLimits.defaults()))
                .hasMessageStartingWith("MCAP at offset 21: the Header's profile declares 4294967295 bytes");

        ChunkIndex first = chunkIndexes(file).get(0);
        byte[] hugeChunk = file.clone();
        le(hugeChunk, first.chunkStartOffset() + 9 + 16).putLong(1L << 40); // uncompressed size
        try (McapReader reader = McapReader.of(hugeChunk, McapLimits.defaults())) {
            assertThatThrownBy(() -> all(reader.messages()))
                    .hasMessage("MCAP at offset " + first.chunkStartOffset()
                            + ": the chunk declares 1099511627776 bytes of records, more than the limit of "
                            + McapLimits.defaults().maxChunkBytes() + " (McapLimits)");
        }

        ChunkIndex second = chunkIndexes(file).get(1);
        byte[] cutWithLongChunk =
                Arrays.copyOf(file, (int) chunkIndexes(file).get(3).chunkStartOffset() + 100);
        le(cutWithLongChunk, second.chunkStartOffset() + 1).putLong(1L << 62);
        assertThatThrownBy(() -> McapReader.of(cutWithLongChunk, McapLimits.defaults()))
                .hasMessageStartingWith("MCAP at offset " + second.chunkStartOffset()
                        + ": a Chunk record of 4611686018427387904 bytes, more than the limit");

        McapLimits small = new McapLimits(4096, 1024, 64, 1 << 20);
        try (McapReader reader = McapReader.of(file, small)) {
            assertThatThrownBy(() -> all(reader.messages())).hasMessageContaining("more than the limit of 1024");
            assertThatThrownBy(() -> reader.attachment(reader.attachments().get(0)))
                    .hasMessageContaining("an Attachment record of");
        }
        assertThatThrownBy(() -> McapReader.of(file, new McapLimits(4096, 1 << 20, 1 << 20, 64)))
                .hasMessageContaining("a summary section of")
                .hasMessageContaining("more than the limit of 64 (McapLimits)");
    }

    @Test
    void anIndexThatPointsElsewhereIsRefused() throws IOException {
        byte[] file = chunked(McapCompression.ZSTD);
        ByteBuffer footer = footer(file);
        footer.putInt(9 + 16, 0); // summary CRC 0: not checked, so that the index can be changed
        long chunkIndexAt = recordsOf(file, footer.getLong(9), file.length - Mcap.TAIL, Mcap.CHUNK_INDEX)
                .get(0);
        byte[] toHeader = file.clone();
        le(toHeader, chunkIndexAt + 9 + 16).putLong(8);
        try (McapReader reader = McapReader.of(toHeader, McapLimits.defaults())) {
            assertThatThrownBy(() -> all(reader.messages()))
                    .hasMessage("MCAP at offset 8: a Chunk Index names this offset, and no Chunk record is there");
        }
        byte[] pastTheEnd = file.clone();
        le(pastTheEnd, chunkIndexAt + 9 + 16).putLong(file.length);
        assertThatThrownBy(() -> McapReader.of(pastTheEnd, McapLimits.defaults()))
                .hasMessageStartingWith("MCAP at offset " + chunkIndexAt + ": a Chunk Index's chunk at " + file.length)
                .hasMessageContaining("does not lie inside the data section");
    }

    @Test
    void statisticsThatDoNotMatchTheDataFailVerification() throws IOException {
        byte[] file = chunked(McapCompression.LZ4);
        ByteBuffer footer = footer(file);
        footer.putInt(9 + 16, 0); // summary CRC 0: not checked
        long statisticsAt = recordsOf(file, footer.getLong(9), file.length - Mcap.TAIL, Mcap.STATISTICS)
                .get(0);
        le(file, statisticsAt + 9).putLong(999); // the message count
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            assertThat(all(reader.messages())).hasSize(CHUNKS * 3 * PER_CHUNK);
            assertThatThrownBy(reader::verify)
                    .hasMessageContaining("the Statistics count 999 messages in 10 chunks, the data section holds "
                            + CHUNKS * 3 * PER_CHUNK + " in 10");
        }
    }

    /**
     * A file of {@link #CHUNKS} chunks, each of {@link #PER_CHUNK} messages on each of three channels (flushed, so
     * the chunk boundaries are known), a metadata record before them and one after.
     */
    static byte[] chunked(McapCompression compression) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (McapWriter writer = new McapWriter(
                    bytes,
                    McapWriterOptions.defaults().withCompression(compression).withChunkSize(1 << 20))) {
                writer.addMetadata(new McapMetadata("before", Map.of("k", "v")));
                byte[] world = ("<sdf version=\"1.9\"><!--" + " ".repeat(5000) + "--></sdf>").getBytes();
                writer.addAttachment(new McapAttachment(1, 2, "world.sdf", "application/xml", world));
                for (int c = 0; c < 3; c++) {
                    writer.addChannel(0, "/topic" + c, "json", Map.of());
                }
                long seq = 0;
                for (int chunk = 0; chunk < CHUNKS; chunk++) {
                    for (int i = 0; i < PER_CHUNK; i++, seq++) {
                        for (int c = 0; c < 3; c++) {
                            byte[] data = ("{\"seq\":" + seq + ",\"c\":" + c + "}").getBytes();
                            writer.addMessage(c, seq, 1000 * seq + c, 1000 * seq + c, data);
                        }
                    }
                    writer.flush();
                }
                writer.addMetadata(new McapMetadata("after", Map.of()));
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static List<ChunkIndex> chunkIndexes(byte[] file) throws IOException {
        try (McapReader reader = McapReader.of(file, McapLimits.defaults())) {
            return reader.chunkIndexes();
        }
    }

    /** The Footer record at the end of a complete file: opcode, length, summary start at 9, CRC at 25. */
    static ByteBuffer footer(byte[] file) {
        return le(file, file.length - Mcap.TAIL).slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    static ByteBuffer le(byte[] file, long offset) {
        return ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).position((int) offset);
    }

    /** The offsets of the records of {@code opcode} between {@code from} and {@code to}. */
    static List<Long> recordsOf(byte[] file, long from, long to, int opcode) {
        List<Long> found = new ArrayList<>();
        for (long at = from;
                at < to;
                at += Mcap.RECORD_PREFIX + le(file, at + 1).getLong()) {
            if ((file[(int) at] & 0xFF) == opcode) {
                found.add(at);
            }
        }
        return found;
    }
}
