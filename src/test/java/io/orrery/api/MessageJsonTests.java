package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.util.JsonFormat;
import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.LaserScanProtos.LaserScan;
import com.gz.msgs.WorldStatsProtos.WorldStatistics;
import io.orrery.topic.msgs.Messages;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Topic messages as the server writes them: protobuf's JSON mapping, field for field as {@code gz topic
 * --json-output} prints them (gz-transport's {@code MessageToJsonString} with default options), plus the fields at
 * their default value.
 */
class MessageJsonTests {

    private final ObjectMapper mapper = new ObjectMapper().registerModule(MessageJson.module());

    private static WorldStatistics stats() {
        return WorldStatistics.newBuilder()
                .setHeader(Messages.header(1_500_000_000L))
                .setSimTime(Messages.time(1_500_000_000L))
                .setIterations(1500)
                .setRealTimeFactor(0.98)
                .setPaused(false)
                .setModelCount(3)
                .build();
    }

    @Test
    void namesAreLowerCamelCaseSixtyFourBitIntegersAreStringsAndDefaultsArePrinted() throws Exception {
        JsonNode json = mapper.readTree(MessageJson.print(stats()));

        assertThat(json.at("/simTime/sec").isTextual()).as("int64 as a string").isTrue();
        assertThat(json.at("/simTime/sec").asText()).isEqualTo("1");
        assertThat(json.at("/simTime/nsec").intValue()).isEqualTo(500_000_000); // int32 as a number
        assertThat(json.at("/iterations").asText()).isEqualTo("1500"); // uint64 as a string
        assertThat(json.at("/realTimeFactor").doubleValue()).isEqualTo(0.98);
        assertThat(json.at("/modelCount").intValue()).isEqualTo(3);
        // defaults Gazebo leaves out are printed, so a plain JSON reader finds every key
        assertThat(json.at("/paused").isBoolean()).isTrue();
        assertThat(json.at("/stepping").isBoolean()).isTrue();
        assertThat(json.at("/header/data").isArray()).isTrue();
        // a sub-message nobody set stays out, as in Gazebo
        assertThat(json.has("pauseTime")).isFalse();
        assertThat(json.has("logPlaybackStats")).isFalse();
    }

    /** Without the defaults, Orrery's JSON is what gz-transport's MessageToJsonString prints, key for key. */
    @Test
    void withoutItsDefaultsItIsGazebosJson() throws Exception {
        for (com.google.protobuf.Message m : new com.google.protobuf.Message[] {
            stats(),
            LaserScan.newBuilder()
                    .setCount(3)
                    .addRanges(Double.POSITIVE_INFINITY)
                    .addRanges(4.5)
                    .addRanges(0)
                    .setWorldPose(com.gz.msgs.PoseProtos.Pose.newBuilder().setName("lidar"))
                    .build(),
            Entity.newBuilder()
                    .setName("box")
                    .setId(7)
                    .setType(Entity.Type.MODEL)
                    .build()
        }) {
            JsonNode orrery = mapper.readTree(MessageJson.print(m));
            JsonNode gazebo = mapper.readTree(JsonFormat.printer().print(m));

            assertThat(withoutDefaults(orrery))
                    .as(m.getDescriptorForType().getFullName())
                    .isEqualTo(gazebo);
            JsonFormat.Parser parser = JsonFormat.parser();
            com.google.protobuf.Message.Builder back = m.newBuilderForType();
            parser.merge(MessageJson.print(m), back);
            assertThat(back.build()).as("the same message to protobuf's parser").isEqualTo(m);
        }
    }

    @Test
    void nonFiniteNumbersAndEnumsAreStringsAsProtobufWritesThem() throws Exception {
        JsonNode scan = mapper.readTree(MessageJson.print(LaserScan.newBuilder()
                .addRanges(Double.POSITIVE_INFINITY)
                .addRanges(2.5)
                .build()));
        JsonNode entity = mapper.readTree(
                MessageJson.print(Entity.newBuilder().setType(Entity.Type.LINK).build()));

        assertThat(scan.at("/ranges/0").asText()).isEqualTo("Infinity");
        assertThat(scan.at("/ranges/1").doubleValue()).isEqualTo(2.5);
        assertThat(entity.at("/type").asText()).isEqualTo("LINK");
        assertThat(entity.at("/id").asText()).isEqualTo("0"); // uint64 default, printed as a string
    }

    @Test
    void jacksonWritesAMessageInsideOtherJsonTheSameWay() throws Exception {
        JsonNode event = mapper.readTree(
                mapper.writeValueAsString(new EventStream.TopicEvent("/stats", "gz.msgs.WorldStatistics", stats())));

        assertThat(event.get("message")).isEqualTo(mapper.readTree(MessageJson.print(stats())));
        assertThat(event.get("type").asText()).isEqualTo("gz.msgs.WorldStatistics");
    }

    /** The JSON without the keys whose value is protobuf's default (0, "", false, [], the first enum value). */
    private static JsonNode withoutDefaults(JsonNode node) {
        if (!node.isObject()) {
            return node;
        }
        ObjectNode out = ((ObjectNode) node).objectNode();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            JsonNode v = e.getValue();
            boolean isDefault = v.isNumber() && v.doubleValue() == 0
                    || v.isBoolean() && !v.booleanValue()
                    || v.isTextual()
                            && (v.asText().isEmpty()
                                    || v.asText().equals("0")
                                    || v.asText().equals("NONE"))
                    || v.isArray() && v.isEmpty();
            if (!isDefault) {
                out.set(e.getKey(), withoutDefaults(v));
            }
        }
        return out;
    }
}
