package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * The cameras of {@code cameras.sdf} over real HTTP and the real control WebSocket, on a random port: the latest
 * colour image as a PNG and depth image as floats, each with its size and sim time, checked against what the world
 * predicts (a blue unit box whose near face is 2.5 m ahead of the rig, under blue ambient light, on a red
 * background); unknown cameras named; and a lockstep step's images, as binary frames after its answer, showing the
 * falling box where the step left it.
 */
@DirtiesContext // its cameras' threads and renderers go with it
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.status-log-interval=0s"})
class CameraApiTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** gz-sensors' depth_camera.cc tolerance for a depth reading. */
    private static final double DEPTH_TOL = 1e-4;

    /** fx of the 256-pixel, 1.05 rad cameras: width / (2 tan(hfov / 2)). */
    private static final double FX = 256 / (2 * Math.tan(1.05 / 2));

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        Path world = resource("worlds/cameras.sdf");
        registry.add("orrery.worlds-dir", () -> world.getParent().toString());
        registry.add("orrery.world", world::toString);
    }

    @Test
    void theCamerasAreListedWithTheirTopics() throws Exception {
        JsonNode list = JSON.readTree(get("/api/cameras").body());
        assertThat(list.findValuesAsText("name"))
                .containsExactly("rig::link::camera", "rig::link::depth", "rig::link::rgbd", "rig::link::down");
        assertThat(list.get(0).get("color").asText())
                .isEqualTo("/world/cameras/model/rig/link/link/sensor/camera/image");
        assertThat(list.get(0).get("depth").isNull()).isTrue();
        assertThat(list.get(2).get("color").asText()).isEqualTo("/rgbd/image");
        assertThat(list.get(2).get("depth").asText()).isEqualTo("/rgbd/depth_image");
    }

    /**
     * The PNG shows what the lighting model predicts: the box's face blue (scene ambient × material ambient, no
     * lights), the background red; along the middle row the face covers the pixels whose centres fall within its
     * projection, 128 ± 0.5 / 2.5 × fx (83.7 to 172.3), to one pixel at its edges.
     */
    @Test
    void aColourImageIsAPngOfWhatTheWorldPredicts() throws Exception {
        HttpResponse<byte[]> r = awaitFrame("/api/cameras/camera/image");
        assertThat(r.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(r.headers().firstValue("X-Orrery-Width")).hasValue("256");
        assertThat(r.headers().firstValue("X-Orrery-Height")).hasValue("256");
        assertThat(r.headers().firstValue("X-Orrery-Camera")).hasValue("rig::link::camera");
        assertThat(r.headers().firstValue("X-Orrery-Format")).hasValue("RGB_INT8");
        double simTime =
                Double.parseDouble(r.headers().firstValue("X-Orrery-Sim-Time").orElseThrow());
        assertThat(simTime).isGreaterThan(0);

        BufferedImage png = ImageIO.read(new ByteArrayInputStream(r.body()));
        assertThat(png.getWidth()).isEqualTo(256);
        assertThat(png.getHeight()).isEqualTo(256);
        assertThat(png.getRGB(128, 128) & 0xffffff).isEqualTo(0x0000ff);
        assertThat(png.getRGB(2, 2) & 0xffffff).isEqualTo(0xff0000);
        int first = -1;
        int last = -1;
        for (int u = 0; u < 256; u++) {
            if ((png.getRGB(u, 128) & 0xffffff) == 0x0000ff) {
                first = first < 0 ? u : first;
                last = u;
            }
        }
        double half = 0.5 / 2.5 * FX;
        assertThat((double) first).isCloseTo(Math.ceil(128 - half - 0.5), within(1.0));
        assertThat((double) last).isCloseTo(Math.floor(128 + half - 0.5), within(1.0));
    }

    /** The depth image's floats read the box's near face 2.5 m ahead at the middle and +inf where nothing is. */
    @Test
    void aDepthImageIsItsLittleEndianFloats() throws Exception {
        HttpResponse<byte[]> r = awaitFrame("/api/cameras/depth/depth");
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/octet-stream");
        assertThat(r.headers().firstValue("X-Orrery-Format")).hasValue("R_FLOAT32");
        assertThat(r.body()).hasSize(256 * 256 * 4);
        ByteBuffer floats = ByteBuffer.wrap(r.body()).order(ByteOrder.LITTLE_ENDIAN);
        assertThat((double) floats.getFloat((128 * 256 + 128) * 4)).isCloseTo(2.5, within(DEPTH_TOL));
        assertThat(floats.getFloat(0)).isEqualTo(Float.POSITIVE_INFINITY);
    }

    /**
     * A camera draws only for someone, so one nobody has watched has no frame; while the world is paused no step will
     * draw it, and a read draws the world as it stands, stamped with the paused sim time.
     */
    @Test
    void aPausedWorldsUnwatchedCameraIsDrawnForItsReader() throws Exception {
        HttpResponse<byte[]> paused = http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/simulation/pause"))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(paused.statusCode()).as(new String(paused.body())).isEqualTo(200);
        JsonNode status = JSON.readTree(get("/api/simulation").body());
        assertThat(status.get("paused").asBoolean()).isTrue();

        HttpResponse<byte[]> r = get("/api/cameras/down/depth");

        assertThat(r.statusCode()).as(new String(r.body())).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Orrery-Camera")).hasValue("rig::link::down");
        assertThat(Double.parseDouble(
                        r.headers().firstValue("X-Orrery-Sim-Time").orElseThrow()))
                .isCloseTo(status.get("simTime").asDouble(), within(1e-9));
        assertThat(r.body()).hasSize(64 * 64 * 4); // the down camera's 64 × 64 floats
        running();
    }

    @Test
    void anUnknownCameraOrImageIs404NamingTheCameras() throws Exception {
        HttpResponse<byte[]> unknown = get("/api/cameras/nope/image");
        assertThat(unknown.statusCode()).isEqualTo(404);
        JsonNode problem = JSON.readTree(unknown.body());
        assertThat(problem.get("detail").asText())
                .contains("no camera 'nope'")
                .contains("rig::link::camera, rig::link::depth, rig::link::rgbd, rig::link::down");
        HttpResponse<byte[]> noColour = get("/api/cameras/rig::link::down/image");
        assertThat(noColour.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(noColour.body()).get("detail").asText())
                .isEqualTo("camera 'rig::link::down' draws no colour image");
    }

    /**
     * A lockstep step that asks for images answers with them as binary frames after its JSON, drawn from the world
     * as the step left it: the downward camera reads the falling box's top 6 m − (z + 0.5) below it, z as the same
     * answer reports the box; the RGB-D camera gives its colour and depth frames.
     */
    @Test
    void aLockstepStepCarriesItsImagesAsBinaryFrames() throws Exception {
        try (ControlClient c = ControlClient.connect(port)) {
            assertThat(c.call(c.request("acquire")).get("op").asText()).isEqualTo("acquired");
            c.call(c.request("reset")); // the box back at 3 m, well within the camera's 10 m
            double previous = Double.NaN;
            for (int i = 0; i < 2; i++) {
                ObjectNode step = c.request("step");
                step.put("count", 137); // not a multiple of the cameras' periods: drawn on demand, not sampled
                step.putArray("images").add("down").add("rgbd");
                step.putArray("models").add("faller");
                JsonNode answer = c.call(step);
                assertThat(answer.get("op").asText()).as(answer.toString()).isEqualTo("stepped");
                JsonNode images = answer.get("images");
                assertThat(images).hasSize(3);
                assertThat(images.get(0).get("camera").asText()).isEqualTo("down");
                assertThat(images.get(0).get("format").asText()).isEqualTo("R_FLOAT32");
                assertThat(images.get(1).get("format").asText()).isEqualTo("RGB_INT8");
                assertThat(images.get(2).get("format").asText()).isEqualTo("R_FLOAT32");
                for (JsonNode image : images) {
                    assertThat(image.get("simTime").asDouble())
                            .isEqualTo(answer.get("simTime").asDouble());
                }
                byte[] down = c.nextBinary();
                byte[] rgb = c.nextBinary();
                byte[] depth = c.nextBinary();
                assertThat(down).hasSize(64 * 64 * 4);
                assertThat(rgb).hasSize(256 * 256 * 3);
                assertThat(depth).hasSize(256 * 256 * 4);

                double top = answer.get("models").get(0).get("pose").get("z").asDouble() + 0.5;
                float middle =
                        ByteBuffer.wrap(down).order(ByteOrder.LITTLE_ENDIAN).getFloat((32 * 64 + 32) * 4);
                assertThat((double) middle).isCloseTo(6 - top, within(DEPTH_TOL));
                assertThat((double) middle).isNotEqualTo(previous); // the box fell between the steps
                previous = middle;
                int centre = (128 * 256 + 128) * 3;
                assertThat(new int[] {rgb[centre] & 255, rgb[centre + 1] & 255, rgb[centre + 2] & 255})
                        .containsExactly(0, 0, 255);
                assertThat((double) ByteBuffer.wrap(depth)
                                .order(ByteOrder.LITTLE_ENDIAN)
                                .getFloat((128 * 256 + 128) * 4))
                        .isCloseTo(2.5, within(DEPTH_TOL));
            }
            ObjectNode unknown = c.request("step");
            unknown.putArray("images").add("nope");
            JsonNode error = c.call(unknown);
            assertThat(error.get("status").asInt()).isEqualTo(404);
            assertThat(error.get("detail").asText()).contains("rig::link::down");
            c.call(c.request("release"));
        }
        running();
    }

    /** Resumes the world if a test left it paused, so that the cameras publish. */
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

    private static Path resource(String name) {
        URL url = CameraApiTests.class.getClassLoader().getResource(name);
        assertThat(url).as("test resource " + name).isNotNull();
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
