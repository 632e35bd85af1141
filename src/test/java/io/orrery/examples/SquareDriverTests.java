package io.orrery.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.api.ControlClient;
import io.orrery.api.DiffDriveApplication;
import io.orrery.system.GazeboSystemRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * docs/controller.md's example controller against the real application on diff_drive.sdf: while it drives, a second
 * connection watches vehicle_blue's true pose (observe is a read, served at every StepEnd inside its steps), and
 * the path it saw must pass each corner of the square and end at the start.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
class SquareDriverTests extends DiffDriveApplication {

    static final Path WORLD = copy(GazeboSystemRunner.gzWorld("diff_drive.sdf"));
    /** vehicle_blue starts at 0 2 with yaw 0, its wheels 0.554 m ahead of its origin: where odometry's 0 0 is. */
    static final double AXLE_X = 0.554;

    static final double START_Y = 2;
    /**
     * The driver heads for the next corner once its odometry is within {@link SquareDriver#REACHED} (0.15 m) of
     * this one. It looks once per control period (1 s), and it slows to 0.5 m/s × the distance, so between two
     * looks near a corner it halves the distance rather than overshooting by up to 0.5 m. To that add the
     * odometry's own error, dead reckoning over 8 m and four turns on the spot at 0.5 rad/s (measured: 0.02 m at the
     * end; 8 mm over a half circle, docs/systems-and-sensors.md; at 1 rad/s the wheels slip in the turns and it
     * drifts 0.2 m), and how far the vehicle goes between two samples of the watcher (its speed, at most 0.5 m/s,
     * times the sim time between them, measured below).
     */
    static final double ODOMETRY_ERROR = 0.05;

    @Test
    void theExampleDrivesVehicleBlueAroundTheSquareAndBackToTheStart() throws Exception {
        awaitPaused();
        SquareDriver driver = new SquareDriver(URI.create("ws://localhost:" + port + "/api/control"));
        List<double[]> seen = new ArrayList<>(); // sim time, x and y of the axle's midpoint, world frame
        List<double[]> odometry;
        try (ControlClient watcher = ControlClient.connect(port)) {
            CompletableFuture<List<double[]>> driving = CompletableFuture.supplyAsync(() -> {
                try {
                    return driver.drive();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            while (!driving.isDone()) {
                ObjectNode look = watcher.request("observe");
                look.putArray("models").add("vehicle_blue");
                seen.add(axle(watcher.call(look)));
            }
            odometry = driving.get();
            ObjectNode look = watcher.request("observe");
            look.putArray("models").add("vehicle_blue");
            seen.add(axle(watcher.call(look))); // at rest, after the last step
        }

        assertThat(odometry).as("the control periods it took").hasSizeBetween(5, 200);
        double gap = largestGap(seen);
        double tolerance = SquareDriver.REACHED + ODOMETRY_ERROR + 0.5 * gap;
        for (double[] corner : SquareDriver.CORNERS) {
            double x = corner[0] + AXLE_X;
            double y = corner[1] + START_Y;
            assertThat(seen.stream()
                            .mapToDouble(p -> Math.hypot(p[1] - x, p[2] - y))
                            .min()
                            .orElseThrow())
                    .as(
                            "closest approach to the corner %s %s (m), %d samples at most %.3f s apart",
                            x, y, seen.size(), gap)
                    .isLessThanOrEqualTo(tolerance);
        }
        double[] end = seen.get(seen.size() - 1);
        // it stops from the speed of its last period, at most 0.5 /s × 0.3 m, at the world's 1 m/s²: v² / 2a further
        double stopping = 0.15 * 0.15 / 2;
        assertThat(Math.hypot(end[1] - AXLE_X, end[2] - START_Y))
                .as("distance from the start at the end (m)")
                .isLessThanOrEqualTo(SquareDriver.REACHED + stopping + ODOMETRY_ERROR);
        double[] last = odometry.get(odometry.size() - 1);
        assertThat(Math.hypot(last[0] + AXLE_X - end[1], last[1] + START_Y - end[2]))
                .as("odometry against the true pose at the end (m)")
                .isLessThanOrEqualTo(ODOMETRY_ERROR);
    }

    @Test
    void theOdometryIsReadAsJsonWhateverTheOrderAndSpacingOfItsFields() throws Exception {
        // y before x, orientation before position, spaces: what a regular expression over the text got wrong
        ObjectMapper json = new ObjectMapper();
        JsonNode answer = json.readTree("""
                {"op": "stepped", "observations": {"/model/vehicle_blue/odometry": {"simTime": 1.0,
                  "message": {"pose": {"orientation": {"w": 0.7071067811865476, "z": 0.7071067811865476},
                                       "position": {"y": -0.25, "x": 1.5e-3}}}}}}
                """);
        double[] odometry = SquareDriver.odometry(answer);
        assertThat(odometry[0]).isEqualTo(0.0015);
        assertThat(odometry[1]).isEqualTo(-0.25);
        assertThat(odometry[2]).isCloseTo(Math.PI / 2, within(1e-12)); // a quarter turn, to rounding
        assertThatThrownBy(() -> SquareDriver.odometry(json.readTree("{\"op\": \"stepped\"}")))
                .hasMessageStartingWith("no odometry in");
    }

    /** Sim time and the midpoint of the two wheels (on the axle) from an observe answer. */
    private static double[] axle(JsonNode observed) {
        double x = 0;
        double y = 0;
        int wheels = 0;
        for (JsonNode link : observed.at("/models/0/links")) {
            if (link.get("name").asText().endsWith("_wheel")) {
                x += link.at("/pose/x").asDouble() / 2;
                y += link.at("/pose/y").asDouble() / 2;
                wheels++;
            }
        }
        assertThat(wheels).as("wheels in " + observed).isEqualTo(2);
        return new double[] {observed.get("simTime").asDouble(), x, y};
    }

    /** The most sim time between two consecutive samples while the vehicle moved. */
    private static double largestGap(List<double[]> samples) {
        double gap = 0;
        for (int i = 1; i < samples.size(); i++) {
            gap = Math.max(gap, samples.get(i)[0] - samples.get(i - 1)[0]);
        }
        return gap;
    }

    private static Path copy(Path world) {
        try {
            Path dir = Files.createTempDirectory("orrery-square").toRealPath();
            dir.toFile().deleteOnExit();
            Path copy = Files.copy(world, dir.resolve(world.getFileName()));
            copy.toFile().deleteOnExit();
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
