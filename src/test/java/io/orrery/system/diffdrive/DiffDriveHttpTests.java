package io.orrery.system.diffdrive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.system.GazeboSystemRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** diff_drive.sdf served by the real application: a twist posted over HTTP drives vehicle_blue. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
class DiffDriveHttpTests {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    final HttpClient client = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) throws IOException {
        Path dir = Files.createTempDirectory("orrery-diff-drive");
        dir.toFile().deleteOnExit();
        Path world = Files.copy(GazeboSystemRunner.gzWorld("diff_drive.sdf"), dir.resolve("diff_drive.sdf"));
        world.toFile().deleteOnExit();
        registry.add("orrery.worlds-dir", dir::toString);
        registry.add("orrery.world", world::toString);
    }

    @Test
    void aTwistPostedToCmdVelDrivesTheVehicleAndItsOdometryCanBeRead() throws InterruptedException {
        awaitPausedWithItsPluginsStarted();
        assertThat(post("/api/topics/model/vehicle_blue/cmd_vel", "{\"linear\": {\"x\": 0.5}}")
                        .statusCode())
                .isEqualTo(202);
        assertThat(post("/api/simulation/step?count=3000", "").statusCode()).isEqualTo(200);

        HttpResponse<String> odometry = get("/api/topics/model/vehicle_blue/odometry");
        assertThat(odometry.statusCode()).isEqualTo(200);
        JsonNode odom = json(odometry.body());
        // 0.5 m/s for 3 s less the 0.5 s ramp at 1 m/s²: 1.375 m, counted from the wheels (slip: under 1 cm).
        assertThat(odom.at("/header/stamp/sec").asLong()).isEqualTo(3);
        assertThat(odom.at("/pose/position/x").asDouble()).isCloseTo(1.375, within(0.01));
        assertThat(odom.at("/twist/linear/x").asDouble()).isCloseTo(0.5, within(0.01));
        JsonNode blue = json(get("/api/models/vehicle_blue").body());
        assertThat(blue.at("/pose/x").asDouble()).isCloseTo(1.375, within(0.01));
    }

    private HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    private HttpResponse<String> post(String path, String body) {
        return send(HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return client.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode json(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The world loads in the background: its DiffDrive subscribes to cmd_vel once its plugins have started. */
    private void awaitPausedWithItsPluginsStarted() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!json(get("/api/simulation").body()).path("state").asText().equals("PAUSE")) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the world did not reach PAUSE within " + WAIT);
            }
            Thread.sleep(20);
        }
    }
}
