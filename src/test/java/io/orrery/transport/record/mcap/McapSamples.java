package io.orrery.transport.record.mcap;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.TimestampProto;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A recording such as Orrery will write, made with a fixed seed: a protobuf channel with a real FileDescriptorSet, a
 * JSON channel with a JSON schema, a JSON channel without a schema, messages of mixed sizes (one larger than a
 * chunk) with some logged out of order, two attachments and two metadata records. What was written is returned with
 * the file, for the tests to compare what the readers give back.
 */
final class McapSamples {

    static final long T0 = 1_700_000_000_000_000_000L;

    /** What a sample file holds. */
    record Written(
            Path file,
            Map<Integer, String> topics,
            List<McapMessage> messages,
            List<McapAttachment> attachments,
            List<McapMetadata> metadata) {

        /** The messages as a reader gives them: by log time, ties in the order written. */
        List<McapMessage> inLogTimeOrder() {
            List<McapMessage> sorted = new ArrayList<>(messages);
            sorted.sort(Comparator.comparingLong(m -> m.logTime() ^ Long.MIN_VALUE));
            return sorted;
        }

        Map<String, Long> countsByTopic() {
            Map<String, Long> counts = new LinkedHashMap<>();
            topics.values().forEach(t -> counts.put(t, 0L));
            messages.forEach(m -> counts.merge(topics.get(m.channelId()), 1L, Long::sum));
            return counts;
        }
    }

    private McapSamples() {}

    /** Writes {@code perChannel} messages on each of three channels to {@code file}. */
    static Written write(Path file, McapWriterOptions options, int perChannel) throws IOException {
        Random random = new Random(38);
        Map<Integer, String> topics = new LinkedHashMap<>();
        List<McapMessage> messages = new ArrayList<>();
        List<McapAttachment> attachments = List.of(
                new McapAttachment(
                        T0,
                        T0 - 1,
                        "world.sdf",
                        "application/xml",
                        "<sdf version=\"1.9\"><world name=\"default\"/></sdf>".getBytes(StandardCharsets.UTF_8)),
                new McapAttachment(T0 + 5, 0, "empty.bin", "application/octet-stream", new byte[0]));
        List<McapMetadata> metadata = List.of(
                new McapMetadata("orrery.run", Map.of("seed", "38", "world", "default.sdf")),
                new McapMetadata("empty", Map.of()));
        try (McapWriter writer = McapWriter.create(file, options)) {
            byte[] descriptors = FileDescriptorSet.newBuilder()
                    .addFile(TimestampProto.getDescriptor().toProto())
                    .build()
                    .toByteArray();
            int proto = writer.addSchema("google.protobuf.Timestamp", "protobuf", descriptors);
            int json = writer.addSchema(
                    "orrery.Stats",
                    "jsonschema",
                    "{\"type\":\"object\",\"properties\":{\"rtf\":{\"type\":\"number\"}}}"
                            .getBytes(StandardCharsets.UTF_8));
            int[] channels = {
                writer.addChannel(proto, "/world/default/clock", "protobuf", Map.of()),
                writer.addChannel(json, "/stats", "json", Map.of("rate", "10")),
                writer.addChannel(0, "/events", "json", Map.of())
            };
            topics.put(channels[0], "/world/default/clock");
            topics.put(channels[1], "/stats");
            topics.put(channels[2], "/events");
            writer.addAttachment(attachments.get(0));
            writer.addMetadata(metadata.get(0));
            for (int k = 0; k < perChannel; k++) {
                for (int c = 0; c < channels.length; c++) {
                    long time = T0 + k * 1_000_000L + c;
                    if (c == 1 && k % 50 == 49) {
                        time -= 30_000_000L; // logged late: out of order, across chunk boundaries
                    }
                    byte[] data = c == 0
                            ? randomBytes(random, 16 + random.nextInt(200))
                            : ("{\"k\":" + k + ",\"rtf\":" + random.nextDouble() + "}")
                                    .getBytes(StandardCharsets.UTF_8);
                    if (c == 0 && k == perChannel / 2) {
                        data = randomBytes(random, 3 * options.chunkSize() + 17); // larger than a chunk
                    }
                    McapMessage m = new McapMessage(channels[c], k, time, time + 3, data);
                    writer.addMessage(m.channelId(), m.sequence(), m.logTime(), m.publishTime(), m.data());
                    messages.add(m);
                }
            }
            writer.addAttachment(attachments.get(1));
            writer.addMetadata(metadata.get(1));
        }
        return new Written(file, topics, messages, attachments, metadata);
    }

    static byte[] randomBytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
