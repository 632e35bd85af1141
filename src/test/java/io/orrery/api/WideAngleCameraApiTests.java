package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A wide-angle camera over real HTTP on a random port, as every camera: gz-sensors' wide-angle test world
 * ({@code gz-sensors-tests/wide_angle_camera.sdf}) lists its camera with its image topic, and its latest image is a
 * 320 × 240 PNG with the blue box in its middle (blue above red and green, as wide_angle_camera.cc reads it) and its
 * sim time; the dashboard's thumbnail is this PNG.
 */
@DirtiesContext // its camera's thread and renderer go with it
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.status-log-interval=0s"})
class WideAngleCameraApiTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path WORLD = Path.of("src/test/resources/worlds/gz-sensors-tests/wide_angle_camera.sdf");

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add(
                "orrery.worlds-dir", () -> WORLD.toAbsolutePath().getParent().toString());
        registry.add("orrery.world", () -> WORLD.toAbsolutePath().toString());
    }

    @Test
    void theWideAngleCameraIsListedAndItsImageIsAPng() throws Exception {
        JsonNode list = awaitCameras();
        assertThat(list.findValuesAsText("name")).containsExactly("m1::link1::camera");
        assertThat(list.get(0).get("color").asText())
                .isEqualTo("/test/integration/WideAngleCamera_imagesWithBuiltinSDF/image");
        assertThat(list.get(0).get("depth").isNull()).isTrue();

        HttpResponse<byte[]> r = awaitFrame("/api/cameras/camera/image");
        assertThat(r.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(r.headers().firstValue("X-Orrery-Width")).hasValue("320");
        assertThat(r.headers().firstValue("X-Orrery-Height")).hasValue("240");
        assertThat(r.headers().firstValue("X-Orrery-Format")).hasValue("RGB_INT8");
        assertThat(Double.parseDouble(
                        r.headers().firstValue("X-Orrery-Sim-Time").orElseThrow()))
                .isGreaterThan(0);
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(r.body()));
        assertThat(png.getWidth()).isEqualTo(320);
        assertThat(png.getHeight()).isEqualTo(240);
        int rgb = png.getRGB(160, 120);
        int red = (rgb >> 16) & 0xff;
        int green = (rgb >> 8) & 0xff;
        int blue = rgb & 0xff;
        assertThat(blue).isGreaterThan(red).isGreaterThan(green);
    }

    /** The cameras once the world is loaded (it loads beside the server's start), within a minute. */
    private JsonNode awaitCameras() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            JsonNode list = JSON.readTree(get("/api/cameras").body());
            if (!list.isEmpty()) {
                return list;
            }
            assertThat(System.nanoTime()).as("the world's cameras").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private void running() throws Exception {
        if (JSON.readTree(get("/api/simulation").body()).get("paused").asBoolean()) {
            HttpResponse<byte[]> r = http.send(
                    HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/simulation/resume"))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(r.statusCode()).as(new String(r.body())).isEqualTo(200);
        }
    }

    private HttpResponse<byte[]> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The first answer with a frame (204 until the camera has published one), within a minute. */
    private HttpResponse<byte[]> awaitFrame(String path) throws Exception {
        running();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            HttpResponse<byte[]> r = get(path);
            if (r.statusCode() != 204) {
                assertThat(r.statusCode()).as(new String(r.body())).isEqualTo(200);
                return r;
            }
            assertThat(System.nanoTime()).as("a frame on " + path).isLessThan(deadline);
        }
    }
}
