package io.orrery.transport.record.mcap;

import static io.orrery.transport.record.mcap.McapRoundTripTests.all;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The files Orrery writes, read by Foxglove's own readers ({@code @mcap/core} from npm, through Node.js): the indexed
 * reader validates the summary, the indexes and the CRCs and counts what the writer wrote; the streaming reader reads
 * a file cut in the middle of a chunk, and one a killed process left, up to the last complete chunk.
 */
class McapReferenceReaderTests {

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void theReferenceReadersCountWhatWasWritten(McapCompression compression) throws Exception {
        McapSamples.Written written = McapSamples.write(
                dir.resolve("run.mcap"),
                McapWriterOptions.defaults().withCompression(compression).withChunkSize(4096),
                300);
        Map<String, Long> expected = written.countsByTopic();

        JsonNode indexed = NodeMcapCheck.check("indexed", written.file());
        assertThat(counts(indexed.get("topics"))).isEqualTo(expected);
        assertThat(indexed.get("total").asLong()).isEqualTo(written.messages().size());
        assertThat(indexed.get("ordered").asBoolean()).as("log times in order").isTrue();
        assertThat(indexed.get("library").asText()).startsWith("orrery");
        assertThat(indexed.get("profile").asText()).isEmpty();
        assertThat(indexed.get("chunks").asInt()).isGreaterThan(10);
        if (compression != McapCompression.NONE) {
            assertThat(indexed.get("compressions").toString()).contains("\"" + compression.wireName() + "\"");
        }
        JsonNode s = indexed.get("statistics");
        assertThat(s.get("messageCount").asLong()).isEqualTo(written.messages().size());
        assertThat(s.get("chunkCount").asInt()).isEqualTo(indexed.get("chunks").asInt());
        assertThat(List.of(s.get("schemaCount").asInt(), s.get("channelCount").asInt()))
                .isEqualTo(List.of(2, 3));
        assertThat(List.of(
                        s.get("attachmentCount").asInt(), s.get("metadataCount").asInt()))
                .isEqualTo(List.of(2, 2));
        assertThat(counts(s.get("byTopic"))).isEqualTo(expected);
        assertThat(indexed.get("schemas").toString())
                .contains("{\"name\":\"google.protobuf.Timestamp\",\"encoding\":\"protobuf\"}");
        assertThat(indexed.get("attachments").toString())
                .isEqualTo("[{\"name\":\"world.sdf\",\"mediaType\":\"application/xml\",\"size\":"
                        + written.attachments().get(0).data().length + "},"
                        + "{\"name\":\"empty.bin\",\"mediaType\":\"application/octet-stream\",\"size\":0}]");
        ObjectMapper json = new ObjectMapper();
        assertThat(indexed.get("metadata"))
                .isEqualTo(json.valueToTree(List.of(
                        Map.of(
                                "name",
                                "orrery.run",
                                "metadata",
                                written.metadata().get(0).metadata()),
                        Map.of("name", "empty", "metadata", Map.of()))));
        JsonNode crc = indexed.get("dataSectionCrc");
        assertThat(crc.get("recorded").asLong())
                .isNotZero()
                .isEqualTo(crc.get("computed").asLong());

        JsonNode stream = NodeMcapCheck.check("stream", written.file());
        assertThat(stream.get("done").asBoolean()).as("a complete file").isTrue();
        assertThat(counts(stream.get("topics"))).isEqualTo(expected);
        assertThat(stream.at("/records/DataEnd").asInt()).isEqualTo(1);
        assertThat(stream.at("/records/Footer").asInt()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void theReferenceStreamReaderReadsAFileCutInAChunkToTheChunkBefore(McapCompression compression) throws Exception {
        byte[] whole = McapReaderTests.chunked(compression);
        ChunkIndex sixth = McapReaderTests.chunkIndexes(whole).get(5);
        Path cut = dir.resolve("cut.mcap");
        Files.write(cut, Arrays.copyOf(whole, (int) (sixth.chunkStartOffset() + sixth.chunkLength() / 2)));

        JsonNode stream = NodeMcapCheck.check("stream", cut);
        assertThat(stream.get("done").asBoolean()).isFalse();
        long perTopic = 5L * McapReaderTests.PER_CHUNK; // the five chunks before the cut one
        assertThat(counts(stream.get("topics")))
                .isEqualTo(Map.of("/topic0", perTopic, "/topic1", perTopic, "/topic2", perTopic));
        assertThat(stream.get("bytesRemaining").asLong()).isEqualTo(sixth.chunkLength() / 2);
        try (McapReader reader = McapReader.open(cut)) {
            assertThat(all(reader.messages())).hasSize((int) (3 * perTopic));
            assertThat(reader.truncatedAt()).hasValue(sixth.chunkStartOffset());
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = McapCompression.class,
            names = {"ZSTD", "LZ4"})
    void aKilledWritersFileIsReadToItsLastCompleteChunk(McapCompression compression) throws Exception {
        Path file = dir.resolve("killed.mcap");
        Process child = new ProcessBuilder(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-cp",
                        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                        McapKilledWriter.class.getName(),
                        file.toString(),
                        compression.name())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.log").toFile())
                .start();
        try {
            while (!Files.exists(file) || Files.size(file) < 256 * 1024) {
                assertThat(child.isAlive())
                        .as("the writer, which exited: %s", Files.readString(dir.resolve("child.log")))
                        .isTrue();
                Thread.sleep(10);
            }
        } finally {
            child.destroyForcibly(); // SIGKILL, wherever it is
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }

        Map<String, Long> javaCounts = new LinkedHashMap<>();
        try (McapReader reader = McapReader.open(file)) {
            assertThat(reader.hasSummary()).isFalse();
            List<McapMessage> messages = all(reader.messages());
            assertThat(messages).hasSizeGreaterThan(1000);
            for (int i = 0; i < messages.size(); i++) { // no gap: every message up to the last complete chunk
                assertThat(List.of(messages.get(i).channelId(), messages.get(i).sequence()))
                        .isEqualTo(List.of(i % 3, (long) i / 3));
            }
            reader.channels().values().forEach(c -> javaCounts.put(c.topic(), 0L));
            messages.forEach(
                    m -> javaCounts.merge(reader.channels().get(m.channelId()).topic(), 1L, Long::sum));
            reader.verify();
        }
        JsonNode stream = NodeMcapCheck.check("stream", file);
        assertThat(stream.get("done").asBoolean()).isFalse();
        assertThat(counts(stream.get("topics"))).isEqualTo(javaCounts);
    }

    private static Map<String, Long> counts(JsonNode object) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            counts.put(e.getKey(), e.getValue().asLong());
        }
        return counts;
    }
}
