package io.orrery.transport.foxglove;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.api.DiffDriveApplication;
import io.orrery.topic.msgs.MessageTypes;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/** The Foxglove server over a real port with the JDK's WebSocket client, on Gazebo's diff_drive.sdf. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
class FoxgloveServerTests extends DiffDriveApplication {

    static final String CMD = "/model/vehicle_blue/cmd_vel";
    static final String ODOM = "/model/vehicle_blue/odometry";
    static final int STEP_SERVICE = 3;

    @BeforeEach
    void pausedAtLoad() throws Exception {
        awaitPaused();
        runner.control().reset().get(30, TimeUnit.SECONDS);
    }

    /** The channels advertised until {@code topic} is among them, by topic. */
    static Map<String, JsonNode> channelsUntil(FoxgloveTestClient c, String... topics) throws Exception {
        Map<String, JsonNode> channels = new HashMap<>();
        while (!channels.keySet().containsAll(java.util.List.of(topics))) {
            for (JsonNode ch : c.nextOp("advertise").get("channels")) {
                channels.put(ch.get("topic").asText(), ch);
            }
        }
        return channels;
    }

    @Test
    void serverInfoThenEveryTopicWithAProtobufSchemaThatDecodes() throws Exception {
        try (FoxgloveTestClient c = FoxgloveTestClient.connect(port, "", "foxglove.sdk.v1")) {
            assertThat(c.subprotocol).isEqualTo("foxglove.sdk.v1");
            JsonNode info = c.nextOp("serverInfo");
            assertThat(info.get("capabilities").toString())
                    .contains("\"time\"", "\"clientPublish\"", "\"services\"", "\"parameters\"");
            Map<String, JsonNode> channels =
                    channelsUntil(c, ODOM, "/world/diff_drive/stats", FoxgloveServer.SCENE, FoxgloveServer.TRANSFORMS);
            JsonNode odom = channels.get(ODOM);
            assertThat(odom.get("encoding").asText()).isEqualTo("protobuf");
            assertThat(odom.get("schemaEncoding").asText()).isEqualTo("protobuf");
            assertThat(odom.get("schemaName").asText()).isEqualTo("gz.msgs.Odometry");
            // the schema alone (no generated class) describes the same fields as gz-msgs' Odometry
            assertThat(FoxgloveTestClient.descriptor(odom).toProto())
                    .isEqualTo(MessageTypes.descriptorOf(com.gz.msgs.OdometryProtos.Odometry.class)
                            .toProto());
            assertThat(FoxgloveTestClient.descriptor(channels.get(FoxgloveServer.SCENE))
                            .getFullName())
                    .isEqualTo("foxglove.SceneUpdate");
            assertThat(channels).doesNotContainKey(CMD); // subscribed to by a system, published by nobody
        }
    }

    @Test
    void aTwistPublishedMovesTheRobotThroughAStepServiceStampedInSimTime() throws Exception {
        try (FoxgloveTestClient c = FoxgloveTestClient.connect(port)) {
            assertThat(c.subprotocol).isEqualTo("foxglove.websocket.v1");
            Map<String, JsonNode> channels = channelsUntil(c, ODOM);
            c.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":7,\"channelId\":"
                    + channels.get(ODOM).get("id").asInt() + "}]}");
            c.send("{\"op\":\"advertise\",\"channels\":[{\"id\":1,\"topic\":\"" + CMD
                    + "\",\"encoding\":\"protobuf\",\"schemaName\":\"gz.msgs.Twist\"}]}");
            Twist twist = Twist.newBuilder()
                    .setLinear(Vector3d.newBuilder().setX(0.5))
                    .build();
            c.send(FoxgloveTestClient.message(1, twist.toByteArray()));
            c.send(FoxgloveTestClient.serviceCall(STEP_SERVICE, 42, "{\"count\": 2000}"));

            // the answer and the odometry come in either order: the odometry of 2 s is delivered in the batch's last
            // step, before the batch is answered, and answers may overtake messages
            ByteBuffer answer = null;
            ByteBuffer last = null;
            while (answer == null || last == null || last.getLong(5) < 2_000_000_000L) {
                ByteBuffer b =
                        c.nextBinary(f -> f.binary() != null && f.binary().get(0) != 2);
                if (b.get(0) == 3) {
                    answer = b;
                } else {
                    assertThat(b.getInt(1)).as("subscription id").isEqualTo(7);
                    last = b;
                }
            }
            assertThat(answer.getInt(1)).as("service id").isEqualTo(STEP_SERVICE);
            assertThat(answer.getInt(5)).as("call id").isEqualTo(42);
            assertThat(last.getLong(5)).as("receive time: sim time").isEqualTo(2_000_000_000L);
            var odom = FoxgloveTestClient.decode(last, FoxgloveTestClient.descriptor(channels.get(ODOM)));
            var pose = (com.google.protobuf.Message)
                    odom.getField(odom.getDescriptorForType().findFieldByName("pose"));
            var position = (com.google.protobuf.Message)
                    pose.getField(pose.getDescriptorForType().findFieldByName("position"));
            double x =
                    (double) position.getField(position.getDescriptorForType().findFieldByName("x"));
            // 0.5 m/s for 2 s less the 0.5 s ramp at 1 m/s² (ControlSocketTests): 0.875 m, wheel slip under 1 cm
            assertThat(x).isCloseTo(0.875, within(0.01));
        }
    }

    @Test
    void theSceneDrawsEveryLinkAndTheFramesPlaceThemInTheWorld() throws Exception {
        try (FoxgloveTestClient c = FoxgloveTestClient.connect(port)) {
            Map<String, JsonNode> channels = channelsUntil(c, FoxgloveServer.SCENE, FoxgloveServer.TRANSFORMS);
            c.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1,\"channelId\":"
                    + channels.get(FoxgloveServer.SCENE).get("id").asInt() + "},{\"id\":2,\"channelId\":"
                    + channels.get(FoxgloveServer.TRANSFORMS).get("id").asInt() + "}]}");
            ByteBuffer sceneFrame = c.nextMessage(1);
            var scene = dev.foxglove.schemas.SceneUpdate.parseFrom(payload(sceneFrame));
            assertThat(scene.getEntitiesList())
                    .extracting(e -> e.getFrameId())
                    .contains("vehicle_blue::chassis", "vehicle_blue::left_wheel", "ground_plane::link");
            var chassis = scene.getEntitiesList().stream()
                    .filter(e -> e.getId().equals("vehicle_blue::chassis"))
                    .findFirst()
                    .orElseThrow();
            assertThat(chassis.getCubesCount()).as("the chassis is a box").isEqualTo(1);
            // diff_drive.sdf: <box><size>2.01142 1 0.568726</size></box>
            assertThat(chassis.getCubes(0).getSize().getX()).isEqualTo(2.01142);

            c.send(FoxgloveTestClient.serviceCall(STEP_SERVICE, 1, "{\"count\": 10}"));
            ByteBuffer tfFrame = c.nextMessage(2);
            var tf = dev.foxglove.schemas.FrameTransforms.parseFrom(payload(tfFrame));
            assertThat(tf.getTransformsList())
                    .anySatisfy(t -> {
                        assertThat(t.getParentFrameId()).isEqualTo("world");
                        assertThat(t.getChildFrameId()).isEqualTo("vehicle_blue");
                    })
                    .anySatisfy(t -> {
                        assertThat(t.getParentFrameId()).isEqualTo("vehicle_blue");
                        assertThat(t.getChildFrameId()).isEqualTo("vehicle_blue::chassis");
                    });
        }
    }

    @Test
    void aBadRequestIsAnsweredWithAStatusNamingItAndTheConnectionStays() throws Exception {
        try (FoxgloveTestClient c = FoxgloveTestClient.connect(port)) {
            c.nextOp("serverInfo");
            c.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1,\"channelId\":99999}]}");
            assertThat(c.nextOp("status").get("message").asText()).contains("no channel 99999");
            c.send("{\"op\":\"advertise\",\"channels\":[{\"id\":1,\"topic\":\"" + CMD
                    + "\",\"encoding\":\"protobuf\",\"schemaName\":\"gz.msgs.Pose\"}]}");
            assertThat(c.nextOp("status").get("message").asText()).contains("carries gz.msgs.Twist");
            c.send(FoxgloveTestClient.serviceCall(STEP_SERVICE, 5, "{\"count\": 0}"));
            JsonNode failure = c.nextOp("serviceCallFailure");
            assertThat(failure.get("callId").asInt()).isEqualTo(5);
            assertThat(failure.get("message").asText()).contains("count must be an integer from 1 to");
        }
    }

    @Test
    void theRealTimeFactorIsAParameter() throws Exception {
        try (FoxgloveTestClient c = FoxgloveTestClient.connect(port)) {
            c.send("{\"op\":\"setParameters\",\"id\":\"a\",\"parameters\":[{\"name\":\"real_time_factor\","
                    + "\"value\":2.5}]}");
            JsonNode values = c.nextOp("parameterValues");
            assertThat(values.get("id").asText()).isEqualTo("a");
            assertThat(values.at("/parameters/0/value").asDouble()).isEqualTo(2.5);
            assertThat(runner.reads().status().realTimeFactor()).isEqualTo(2.5);
            c.send("{\"op\":\"setParameters\",\"id\":\"b\",\"parameters\":[{\"name\":\"real_time_factor\","
                    + "\"value\":0}]}");
            assertThat(c.nextOp("parameterValues").at("/parameters/0/value").asDouble())
                    .isZero();
        }
    }

    static byte[] payload(ByteBuffer frame) {
        ByteBuffer b = frame.duplicate().position(13);
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }
}
