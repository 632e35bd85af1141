package io.orrery.transport.record.mcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What the writer writes, the reader gives back: every message in log-time order, attachments, metadata, counts. */
class McapRoundTripTests {

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void everyMessageComesBackInLogTimeOrder(McapCompression compression) throws IOException {
        McapWriterOptions options =
                McapWriterOptions.defaults().withCompression(compression).withChunkSize(4096);
        McapSamples.Written written = McapSamples.write(dir.resolve("run.mcap"), options, 300);

        try (McapReader reader = McapReader.open(written.file())) {
            assertThat(reader.hasSummary()).isTrue();
            assertThat(reader.truncatedAt()).isEmpty();
            assertThat(reader.header().profile()).isEmpty();
            assertThat(reader.header().library()).startsWith("orrery");
            assertThat(reader.channels()).hasSize(3);
            written.topics()
                    .forEach((id, topic) ->
                            assertThat(reader.channels().get(id).topic()).isEqualTo(topic));
            assertThat(reader.channels().get(1).metadata()).containsEntry("rate", "10");
            assertThat(reader.schemas()).hasSize(2);
            assertThat(reader.schemas().get(1).encoding()).isEqualTo("protobuf");

            List<McapMessage> read = all(reader.messages());
            assertSameMessages(read, written.inLogTimeOrder());

            McapStatistics s = reader.statistics();
            assertThat(s.messageCount()).isEqualTo(written.messages().size());
            assertThat(s.channelCount()).isEqualTo(3);
            assertThat(s.schemaCount()).isEqualTo(2);
            assertThat(s.attachmentCount()).isEqualTo(2);
            assertThat(s.metadataCount()).isEqualTo(2);
            assertThat(s.chunkCount()).isEqualTo(reader.chunkIndexes().size()).isGreaterThan(10);
            assertThat(s.messageStartTime())
                    .isEqualTo(written.inLogTimeOrder().get(0).logTime());
            assertThat(s.channelMessageCounts()).isEqualTo(Map.of(0, 300L, 1, 300L, 2, 300L));

            List<McapAttachmentIndex> attachments = reader.attachments();
            assertThat(attachments).extracting(McapAttachmentIndex::name).containsExactly("world.sdf", "empty.bin");
            for (int i = 0; i < attachments.size(); i++) {
                McapAttachment a = reader.attachment(attachments.get(i));
                McapAttachment expected = written.attachments().get(i);
                assertThat(a.data()).isEqualTo(expected.data());
                assertThat(a.mediaType()).isEqualTo(expected.mediaType());
                assertThat(a.createTime()).isEqualTo(expected.createTime());
            }
            assertThat(reader.metadata()).isEqualTo(written.metadata());
            reader.verify();
        }
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void oneChannelsMessagesComeInItsOwnOrder(McapCompression compression) throws IOException {
        McapSamples.Written written = McapSamples.write(
                dir.resolve("run.mcap"),
                McapWriterOptions.defaults().withCompression(compression).withChunkSize(2048),
                200);
        try (McapReader reader = McapReader.open(written.file())) {
            List<McapMessage> stats = all(reader.messages(Set.of(1)));
            assertSameMessages(
                    stats,
                    written.inLogTimeOrder().stream()
                            .filter(m -> m.channelId() == 1)
                            .toList());
        }
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void theDefaultOptionsWriteOneChunkForASmallRun(McapCompression compression) throws IOException {
        McapSamples.Written written = McapSamples.write(
                dir.resolve("run.mcap"), McapWriterOptions.defaults().withCompression(compression), 100);
        try (McapReader reader = McapReader.open(written.file())) {
            // 100 messages a channel and one of 3 MiB: the small ones share a chunk before and after it
            assertThat(reader.chunkIndexes()).hasSizeBetween(2, 4);
            assertSameMessages(all(reader.messages()), written.inLogTimeOrder());
            if (compression != McapCompression.NONE) {
                assertThat(reader.chunkIndexes())
                        .anySatisfy(c -> assertThat(c.compression()).isEqualTo(compression.wireName()));
            }
            reader.verify();
        }
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void aFileWithNothingInItIsValid(McapCompression compression) throws IOException {
        Path file = dir.resolve("empty.mcap");
        new McapWriter(Files.newOutputStream(file), McapWriterOptions.defaults().withCompression(compression)).close();
        try (McapReader reader = McapReader.open(file)) {
            assertThat(reader.hasSummary()).isTrue();
            assertThat(reader.messages().next()).isNull();
            assertThat(reader.statistics().messageCount()).isZero();
            reader.verify();
        }
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void theSameMessagesMakeTheSameBytes(McapCompression compression) throws IOException {
        McapWriterOptions options =
                McapWriterOptions.defaults().withCompression(compression).withChunkSize(4096);
        McapSamples.write(dir.resolve("a.mcap"), options, 100);
        McapSamples.write(dir.resolve("b.mcap"), options, 100);
        assertThat(Files.readAllBytes(dir.resolve("a.mcap"))).isEqualTo(Files.readAllBytes(dir.resolve("b.mcap")));
    }

    @org.junit.jupiter.api.Test
    void theWriterRefusesWhatAReaderWithTheSameLimitsWouldRefuse() throws IOException {
        McapLimits small = new McapLimits(1024, 4096, 2048, 1 << 20);
        try (McapWriter writer = McapWriter.create(
                dir.resolve("limits.mcap"),
                McapWriterOptions.defaults().withChunkSize(1024).withLimits(small))) {
            int channel = writer.addChannel(0, "/big", "json", Map.of());
            assertThatThrownBy(() -> writer.addMessage(channel, 0, 1, 1, new byte[5000]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("5000 bytes on /big")
                    .hasMessageContaining("4096");
            assertThatThrownBy(() -> writer.addAttachment(new McapAttachment(1, 0, "big", "x", new byte[3000])))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("attachment big has 3000 bytes");
            assertThatThrownBy(() -> writer.addSchema("s", "x", new byte[2000]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("1024");
            assertThatThrownBy(() -> writer.addMessage(7, 0, 1, 1, new byte[1]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no channel 7");
            writer.addMessage(channel, 0, 1, 1, new byte[4000]); // the largest that fits in a chunk
        }
        try (McapReader reader = McapReader.open(dir.resolve("limits.mcap"), small)) {
            assertThat(reader.messages().next().data()).hasSize(4000);
            reader.verify();
        }
    }

    static List<McapMessage> all(McapMessageCursor cursor) throws IOException {
        List<McapMessage> all = new ArrayList<>();
        for (McapMessage m = cursor.next(); m != null; m = cursor.next()) {
            all.add(m);
        }
        return all;
    }

    static void assertSameMessages(List<McapMessage> actual, List<McapMessage> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            McapMessage a = actual.get(i);
            McapMessage e = expected.get(i);
            assertThat(List.of(a.channelId(), a.sequence(), a.logTime(), a.publishTime()))
                    .as("message %d", i)
                    .isEqualTo(List.of(e.channelId(), e.sequence(), e.logTime(), e.publishTime()));
            assertThat(a.data()).as("message %d's data", i).isEqualTo(e.data());
        }
    }
}
