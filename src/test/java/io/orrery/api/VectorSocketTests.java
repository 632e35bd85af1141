package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code /api/vector} on worlds/cartpole.sdf × 8 with its task, over a real WebSocket (the JDK's client): the task
 * served, resets and steps in JSON and in binary frames giving the same numbers, refusals that name what is wrong,
 * worlds held per connection, and every world on {@code /actuator/health}.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.world=worlds/cartpole.sdf",
            "orrery.worlds.count=8",
            "orrery.worlds.threads=3",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s"
        })
class VectorSocketTests {

    static final ObjectMapper JSON = new ObjectMapper();

    @LocalServerPort
    int port;

    /** A connection whose messages (text as JsonNode, binary as ByteBuffer) queue up to be taken in order. */
    final class Client implements WebSocket.Listener, AutoCloseable {
        final BlockingQueue<Object> messages = new LinkedBlockingQueue<>();
        final WebSocket socket;
        final StringBuilder text = new StringBuilder();
        ByteBuffer binary = ByteBuffer.allocate(0);

        Client() {
            socket = HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .buildAsync(URI.create("ws://localhost:" + port + "/api/vector"), this)
                    .join();
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                try {
                    messages.add(JSON.readTree(text.toString()));
                } catch (Exception e) {
                    messages.add(e);
                }
                text.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
            ByteBuffer joined = ByteBuffer.allocate(binary.remaining() + data.remaining());
            joined.put(binary).put(data).flip();
            binary = joined;
            if (last) {
                messages.add(binary.order(ByteOrder.LITTLE_ENDIAN));
                binary = ByteBuffer.allocate(0);
            }
            ws.request(1);
            return null;
        }

        JsonNode call(String json) throws Exception {
            socket.sendText(json, true).join();
            Object answer = messages.poll(30, TimeUnit.SECONDS);
            assertThat(answer).as("a JSON answer to " + json).isInstanceOf(JsonNode.class);
            return (JsonNode) answer;
        }

        ByteBuffer binaryCall(ByteBuffer frame) throws Exception {
            socket.sendBinary(frame, true).join();
            Object answer = messages.poll(30, TimeUnit.SECONDS);
            assertThat(answer).as("a binary answer").isInstanceOf(ByteBuffer.class);
            return (ByteBuffer) answer;
        }

        ByteBuffer binaryAnswerTo(String json) throws Exception {
            socket.sendText(json, true).join();
            Object answer = messages.poll(30, TimeUnit.SECONDS);
            assertThat(answer).as("a binary answer to " + json).isInstanceOf(ByteBuffer.class);
            return (ByteBuffer) answer;
        }

        @Override
        public void close() {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").join();
        }
    }

    static ByteBuffer stepFrame(int id, float... actions) {
        ByteBuffer b = ByteBuffer.allocate(24 + 4 * actions.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {'O', 'R', 'V', '1'}).put((byte) 1).put((byte) 0).putShort((short) 0);
        b.putInt(id).putInt(actions.length).putInt(1).putInt(0);
        for (float a : actions) {
            b.putFloat(a);
        }
        // the JDK's client masks a buffer eight bytes at a time in the buffer's own order: hand it big-endian, the
        // bytes unchanged, so they go out as written
        return b.flip().order(ByteOrder.BIG_ENDIAN);
    }

    @Test
    void servesTheTaskAndStepsInJsonAndBinaryAlike() throws Exception {
        try (Client json = new Client();
                Client binary = new Client()) {
            JsonNode opened = json.call("{\"op\":\"open\",\"id\":1,\"count\":2}");
            assertThat(opened.path("worlds").toString()).isEqualTo("[\"0\",\"1\"]");
            JsonNode task = opened.path("task");
            assertThat(task.path("name").asText()).isEqualTo("cartpole");
            assertThat(task.path("stepSeconds").asDouble()).isEqualTo(0.02);
            assertThat(task.path("maxEpisodeSteps").asInt()).isEqualTo(500);
            assertThat(task.at("/observation/shape").toString()).isEqualTo("[4]");
            assertThat(task.at("/observation/names").toString())
                    .isEqualTo("[\"slider.position\",\"slider.velocity\",\"hinge.position\",\"hinge.velocity\"]");
            assertThat(task.at("/observation/low").toString()).isEqualTo("[-4.8,null,-0.41887903,null]");
            assertThat(task.at("/action/low").toString()).isEqualTo("[-10.0]");
            assertThat(opened.path("autoreset").asText()).isEqualTo("next-step");

            JsonNode second = binary.call("{\"op\":\"open\",\"id\":1,\"worlds\":[\"4\",\"5\"]}");
            assertThat(second.path("worlds").toString()).isEqualTo("[\"4\",\"5\"]");

            // the same seeds and actions over JSON (worlds 0, 1) and binary (worlds 4, 5)
            JsonNode reset = json.call("{\"op\":\"reset\",\"id\":2,\"seeds\":[3,4]}");
            ByteBuffer resetFrame =
                    binary.binaryAnswerTo("{\"op\":\"reset\",\"id\":2,\"seeds\":[3,4],\"binary\":true}");
            assertThat(resetFrame.get(4)).as("kind: reset answer").isEqualTo((byte) 3);
            assertThat(resetFrame.getInt(8)).as("id").isEqualTo(2);
            assertThat(resetFrame.getInt(12)).as("n").isEqualTo(2);
            assertThat(resetFrame.getInt(16)).as("width").isEqualTo(4);
            assertThat(resetFrame.remaining()).isEqualTo(24 + 16 + 32 + 6);
            for (int k = 0; k < 2; k++) {
                for (int j = 0; j < 4; j++) {
                    assertThat(resetFrame.getFloat(24 + 16 + 4 * (k * 4 + j)))
                            .isEqualTo(reset.at("/obs/" + k + "/" + j).floatValue());
                }
            }
            for (int step = 1; step <= 30; step++) {
                JsonNode stepped = json.call("{\"op\":\"step\",\"id\":" + (step + 2) + ",\"actions\":[[3.5],[-2]]}");
                ByteBuffer answer = binary.binaryCall(stepFrame(step + 2, 3.5f, -2f));
                assertThat(answer.get(4)).as("kind: step answer").isEqualTo((byte) 2);
                assertThat(answer.getInt(8)).isEqualTo(step + 2);
                for (int k = 0; k < 2; k++) {
                    assertThat(answer.getDouble(24 + 8 * k))
                            .isEqualTo(stepped.at("/rewards/" + k).asDouble());
                    for (int j = 0; j < 4; j++) {
                        assertThat(answer.getFloat(40 + 4 * (k * 4 + j)))
                                .as("step %d world %d element %d", step, k, j)
                                .isEqualTo(stepped.at("/obs/" + k + "/" + j).floatValue());
                    }
                    assertThat(answer.get(72 + k) == 1)
                            .isEqualTo(stepped.at("/terminated/" + k).asBoolean());
                }
            }
        }
    }

    @Test
    void refusalsNameWhatIsWrongAndKeepTheConnection() throws Exception {
        try (Client a = new Client();
                Client b = new Client()) {
            assertThat(a.call("{\"op\":\"step\",\"id\":1,\"actions\":[]}")
                            .path("status")
                            .asInt())
                    .as("a step before open")
                    .isEqualTo(409);
            JsonNode unknown = a.call("{\"op\":\"jump\",\"id\":2}");
            assertThat(unknown.path("status").asInt()).isEqualTo(400);
            assertThat(unknown.path("detail").asText()).contains("unknown op 'jump'");
            assertThat(a.call("{\"op\":\"open\",\"id\":3,\"count\":7}")
                            .path("op")
                            .asText())
                    .isEqualTo("opened");
            JsonNode tooMany = b.call("{\"op\":\"open\",\"id\":1,\"count\":2}");
            assertThat(tooMany.path("status").asInt()).isEqualTo(409);
            assertThat(tooMany.path("detail").asText()).contains("asked for 2 worlds, 1 of the 8 are free");
            JsonNode badFrame =
                    a.call("{\"op\":\"reset\",\"id\":4,\"mask\":[false,false,false,false,false,false,false]}");
            assertThat(badFrame.path("detail").asText()).contains("mask must mark at least one world");
            a.socket.sendBinary(stepFrame(5, 1f, 2f), true).join(); // 2 actions for 7 worlds
            Object answer = a.messages.poll(30, TimeUnit.SECONDS);
            assertThat(answer).isInstanceOf(JsonNode.class);
            assertThat(((JsonNode) answer).path("detail").asText())
                    .contains("a step for 2 worlds × 1 actions; this connection holds 7 worlds");

            String health = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            JsonNode worlds = JSON.readTree(health).at("/components/worlds/details");
            assertThat(worlds.path("count").asInt()).isEqualTo(8);
            assertThat(worlds.path("held").asInt()).isEqualTo(7);
            assertThat(worlds.at("/worlds/7").asText()).isEqualTo("free");
            assertThat(worlds.at("/worlds/0").asText()).startsWith("held by vector connection");

            assertThat(a.call("{\"op\":\"close\",\"id\":6}").path("op").asText())
                    .isEqualTo("closed");
            assertThat(b.call("{\"op\":\"open\",\"id\":2,\"count\":8}")
                            .path("op")
                            .asText())
                    .as("a's worlds are free again")
                    .isEqualTo("opened");
        }
    }
}
