package io.orrery.transport.foxglove;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.api.DiffDriveApplication;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Foxglove's own client from npm ({@code @foxglove/ws-protocol} under Node.js, src/test/node/foxglove/check.mjs)
 * against the server on a real port, on Gazebo's diff_drive.sdf: it reads the server info, decodes the odometry and
 * the scene with the schemas the server advertised (protobufjs), publishes a Twist and calls the step service.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
class FoxgloveNodeClientTests extends DiffDriveApplication {

    @Test
    void foxglovesClientSubscribesDecodesPublishesATwistAndCallsAService() throws Exception {
        awaitPaused();
        runner.control().reset().get(30, TimeUnit.SECONDS);

        JsonNode seen = NodeFoxgloveCheck.check("ws://127.0.0.1:" + port + "/foxglove");

        assertThat(seen.get("subprotocol").asText()).isEqualTo("foxglove.websocket.v1");
        assertThat(seen.at("/serverInfo/name").asText()).isEqualTo("orrery");
        assertThat(seen.at("/serverInfo/capabilities").toString()).contains("\"time\"", "\"clientPublish\"");
        JsonNode odom = seen.at("/channels/~1model~1vehicle_blue~1odometry");
        assertThat(odom.get("schemaName").asText()).isEqualTo("gz.msgs.Odometry");
        assertThat(odom.get("encoding").asText()).isEqualTo("protobuf");
        assertThat(seen.at("/channels/~1foxglove~1tf/schemaName").asText()).isEqualTo("foxglove.FrameTransforms");
        assertThat(seen.get("status")).as("no request was refused").isNull();

        assertThat(seen.at("/serviceResponse/callId").asInt()).isEqualTo(7);
        assertThat(seen.at("/serviceResponse/body/success").asBoolean()).isTrue();
        assertThat(seen.at("/odometry/receiveTime").asText()).isEqualTo("2000000000");
        // 0.5 m/s for 2 s less the 0.5 s ramp at 1 m/s² (ControlSocketTests): 0.875 m, wheel slip under 1 cm
        assertThat(seen.at("/odometry/x").asDouble()).isCloseTo(0.875, within(0.01));
        assertThat(seen.at("/scene/entities").toString())
                .contains("\"vehicle_blue::chassis\"", "\"vehicle_green::chassis\"");
    }
}
