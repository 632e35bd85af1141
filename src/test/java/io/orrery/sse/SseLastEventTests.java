package io.orrery.sse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The last event before a stream goes quiet reaches its client whole. A paused world's lidar scan of
 * {@value #RAYS} rays is one topic event of a few hundred kilobytes, far more than the server's small send buffer
 * (4 KB) takes at once, so it is written in parts as the connection takes them;
 * nothing is sent after it (the world is paused, and {@code /api/events} has no heartbeat). Its end must still reach
 * the client: a stream that wrote it and waited for the next event to push the rest out would keep the page a message
 * behind, and leave it there once the world pauses (issue 33, item 11: what the dashboard's topics panel showed).
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.start-paused=true", "orrery.status-log-interval=0s", "orrery.transport.enabled=false"})
@Import(StalledClients.SmallSendBuffer.class)
class SseLastEventTests {

    static final int HORIZONTAL = 4000;
    static final int VERTICAL = 4;
    static final int RAYS = HORIZONTAL * VERTICAL;
    static final Path WORLDS = worldsDir();

    @LocalServerPort
    int port;

    final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    final ObjectMapper json = new ObjectMapper();

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS::toString);
        registry.add("orrery.world", () -> WORLDS.resolve("big_scan.sdf").toString());
    }

    @Test
    void theLastEventBeforeTheStreamGoesQuietArrivesWhole() throws Exception {
        // 200 steps of 1 ms (SDF's default step): the lidar (10 Hz) has scanned; the world stays paused after them
        assertThat(send("POST", "/api/simulation/step?count=200").statusCode()).isEqualTo(200);
        HttpResponse<String> latest = send("GET", "/api/topics/big_scan");
        assertThat(latest.statusCode()).as("the scan's latest message").isEqualTo(200);
        JsonNode stamp = json.readTree(latest.body()).get("header").get("stamp");

        HttpResponse<InputStream> stream = http.sendAsync(
                        HttpRequest.newBuilder(URI.create(
                                        "http://localhost:" + port + "/api/events?events=topic&topic=/big_scan"))
                                .header("Accept", "text/event-stream")
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofInputStream())
                .get(60, TimeUnit.SECONDS);
        try (InputStream body = stream.body()) {
            assertThat(stream.statusCode()).isEqualTo(200);
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> firstEvent(body, received));
            String event;
            try {
                // only a stream that never finishes the event waits this long
                event = first.get(60, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("the event's end did not arrive within 60 s of quiet; received "
                        + received.size() + " bytes of it");
            }

            assertThat(event).startsWith("event:topic\ndata:");
            JsonNode data = json.readTree(event.substring("event:topic\ndata:".length()));
            assertThat(data.get("topic").asText()).isEqualTo("/big_scan");
            assertThat(data.get("message").get("ranges")).hasSize(RAYS);
            assertThat(data.get("message").get("header").get("stamp")).isEqualTo(stamp);
        }
    }

    private HttpResponse<String> send(String method, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .timeout(Duration.ofSeconds(60))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The stream's first event, up to the blank line that ends it, its bytes kept in {@code received}. */
    private static String firstEvent(InputStream body, ByteArrayOutputStream received) {
        try {
            int last = -1;
            int b;
            while ((b = body.read()) >= 0) {
                if (b == '\n' && last == '\n') {
                    synchronized (received) {
                        return received.toString(StandardCharsets.UTF_8).strip();
                    }
                }
                synchronized (received) {
                    received.write(b);
                }
                last = b;
            }
            throw new IllegalStateException("the stream ended inside its first event");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A static lidar of {@value #RAYS} rays among a few boxes, publishing on {@code /big_scan} at 10 Hz. */
    private static Path worldsDir() {
        String sdf = """
                <?xml version="1.0"?>
                <sdf version="1.9">
                  <world name="big_scan">
                    <model name="wall"><static>true</static><pose>3 0 1 0 0 0</pose><link name="l">
                      <collision name="c"><geometry><box><size>0.5 4 2</size></box></geometry></collision>
                    </link></model>
                    <model name="platform"><static>true</static><pose>0 0 1 0 0 0</pose><link name="link">
                      <sensor name="lidar" type="gpu_lidar">
                        <always_on>true</always_on>
                        <update_rate>10</update_rate>
                        <topic>big_scan</topic>
                        <lidar>
                          <scan>
                            <horizontal><samples>%d</samples><min_angle>-3.14</min_angle>
                              <max_angle>3.14</max_angle></horizontal>
                            <vertical><samples>%d</samples><min_angle>-0.1</min_angle>
                              <max_angle>0.1</max_angle></vertical>
                          </scan>
                          <range><min>0.1</min><max>10</max></range>
                        </lidar>
                      </sensor>
                    </link></model>
                  </world>
                </sdf>
                """.formatted(HORIZONTAL, VERTICAL);
        try {
            Path dir = Files.createTempDirectory("orrery-sse-last");
            Files.writeString(dir.resolve("big_scan.sdf"), sdf);
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
