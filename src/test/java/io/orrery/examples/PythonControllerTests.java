package io.orrery.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.api.ControlClient;
import io.orrery.api.DiffDriveApplication;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The standard-library Python controller of examples/python-controller against the real application on
 * diff_drive.sdf: its {@code drive} over the control WebSocket, and its {@code bench} over the WebSocket and over
 * HTTP (a few round trips, each answer checked by the script to be one step further). Needs {@code python3} on the
 * PATH (test.sh installs it); without it the test fails saying so.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
class PythonControllerTests extends DiffDriveApplication {

    static final Path SCRIPT = Path.of("examples/python-controller/controller.py");
    static final String ODOMETRY = "/model/vehicle_blue/odometry";

    @Test
    void theExampleDrivesVehicleBlueForwardAndReadsItsOdometry() throws Exception {
        awaitPaused();
        String out = python("drive", "ws://localhost:" + port + "/api/control");
        Matcher m = Pattern.compile("sim time ([0-9.]+) s, vehicle_blue's odometry x ([-0-9.]+) y ([-0-9.]+)")
                .matcher(out);
        assertThat(m.find()).as(out).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isEqualTo(1.0);
        double x = Double.parseDouble(m.group(2));
        // from rest at the world's 1 m/s² up to the commanded 0.5 m/s, then on: 0.125 m + 0.25 m at 1 s, the odometry
        // dead reckoning to 8 mm (docs/systems-and-sensors.md) and the limiter's first step aside
        assertThat(x).as("odometry x after 1 s (m)").isCloseTo(0.375, within(0.01));
        assertThat(Double.parseDouble(m.group(3))).as("odometry y (m)").isCloseTo(0, within(0.01));
        // and what it printed is what the server observes now, to the script's 4 decimals
        try (ControlClient watcher = ControlClient.connect(port)) {
            ObjectNode look = watcher.request("observe");
            look.putArray("observe").add(ODOMETRY);
            JsonNode odometry = watcher.call(look).at("/observations/" + ODOMETRY.replace("/", "~1") + "/message");
            assertThat(odometry.at("/pose/position/x").asDouble()).isCloseTo(x, within(0.5e-4));
        }
    }

    @Test
    void itsBenchStepsOneStepPerRoundTripOverTheWebSocketAndOverHttp() throws Exception {
        awaitPaused();
        for (String over : List.of("websocket", "http")) {
            List<String> args = new ArrayList<>(
                    List.of("bench", "ws://localhost:" + port + "/api/control", "--trips", "200", "--warmup", "20"));
            if (over.equals("http")) {
                args.add("--http");
            }
            String out = python(args.toArray(String[]::new)); // the script checks every answer's step count
            assertThat(out).as(over).contains("RESULT kind=" + over + " trips=200 rate=");
        }
        assertThat(runner.reads().status().iterations())
                .as("steps of the last bench, from its reset")
                .isEqualTo(220);
    }

    private static String python(String... args) throws Exception {
        String python = onPath("python3");
        List<String> command = new ArrayList<>(List.of(python, SCRIPT.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s finished", command).isTrue();
        assertThat(p.exitValue()).as("%s exit; its output:%n%s", command, out).isZero();
        return out;
    }

    private static String onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError("no " + name + " on the PATH: the Python example needs it (test.sh installs it)");
    }
}
