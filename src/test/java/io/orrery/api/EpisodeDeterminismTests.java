package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.orrery.OrreryApplication;
import io.orrery.lifecycle.SimState;
import io.orrery.runner.SimulationRunner;
import io.orrery.system.GazeboSystemRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Reproducible episodes: a moving robot with noise in every noisy device and system Orrery has, driven in lockstep
 * over the control WebSocket, gives bit-identical observations in the first episode after load, in episodes after
 * resets, and in a second run of the server. Gazebo's diff_drive.sdf with, on vehicle_blue's chassis, an IMU (noise
 * and bias on every axis), a lidar (range noise), an altimeter (both channels), a magnetometer (every axis) and an
 * OdometryPublisher with {@code <gaussian_noise>}, and a wall for the lidar to see.
 */
class EpisodeDeterminismTests {

    static final int STEPS = 1000;
    static final String IMU = "/blue/imu";
    static final String SCAN = "/blue/scan";
    static final String ODOM = "/model/vehicle_blue/odometry";
    static final String ALTIMETER = "/blue/altimeter";
    static final String MAGNETOMETER = "/blue/magnetometer";
    static final String NOISY_ODOM = "/blue/noisy_odometry";
    /** Every noisy topic: each must carry a message at the end of an episode, so each noise source is exercised. */
    static final List<String> NOISY = List.of(IMU, SCAN, ALTIMETER, MAGNETOMETER, NOISY_ODOM);

    static final String SENSORS = """
            <sensor name='imu' type='imu'><update_rate>200</update_rate><topic>/blue/imu</topic><imu>
              <angular_velocity>%1$s</angular_velocity><linear_acceleration>%1$s</linear_acceleration></imu>
            </sensor>
            <sensor name='lidar' type='gpu_lidar'><pose>0.3 0 0.2 0 0 0</pose><update_rate>20</update_rate>
              <topic>/blue/scan</topic><lidar><scan><horizontal><samples>61</samples><min_angle>-1.2</min_angle>
              <max_angle>1.2</max_angle></horizontal></scan><range><min>0.1</min><max>12</max></range>
              <noise><type>gaussian</type><mean>0</mean><stddev>0.01</stddev></noise></lidar>
            </sensor>
            <sensor name='altimeter' type='altimeter'><update_rate>50</update_rate><topic>/blue/altimeter</topic>
              <altimeter><vertical_position>%2$s</vertical_position><vertical_velocity>%2$s</vertical_velocity>
              </altimeter>
            </sensor>
            <sensor name='magnetometer' type='magnetometer'><update_rate>50</update_rate>
              <topic>/blue/magnetometer</topic><magnetometer>%3$s</magnetometer>
            </sensor>
            """.formatted(
            axes("""
            <noise type='gaussian'><mean>0</mean><stddev>0.02</stddev><bias_mean>0.01</bias_mean>
            <bias_stddev>0.005</bias_stddev></noise>"""),
            "<noise type='gaussian'><mean>0</mean><stddev>0.05</stddev></noise>",
            axes("<noise type='gaussian_quantized'><mean>0</mean><stddev>1e-6</stddev><precision>1e-7</precision>"
                    + "</noise>"));

    /** Gazebo's OdometryPublisher with noise on every velocity component, at 50 Hz. */
    static final String NOISY_ODOMETRY = """
            <plugin filename='gz-sim-odometry-publisher-system' name='gz::sim::systems::OdometryPublisher'>
              <odom_topic>/blue/noisy_odometry</odom_topic><tf_topic>/blue/noisy_pose</tf_topic>
              <dimensions>3</dimensions><gaussian_noise>0.05</gaussian_noise>
            </plugin>
            """;

    static final String WALL = """
            <model name='wall'><static>true</static><pose>4 0 1 0 0 0</pose><link name='link'><collision name='c'>
              <geometry><box><size>0.2 6 2</size></box></geometry></collision></link></model>
            """;

    @TempDir
    Path dir;

    @Test
    void episodesAfterResetsAndASecondServerRunRepeatTheFirstBitForBit() throws Exception {
        Path world = noisyWorld();

        List<String> first = new ArrayList<>();
        String afterSeed7;
        String afterSeed7Again;
        try (ConfigurableApplicationContext server = start(world)) {
            try (ControlClient c = ControlClient.connect(port(server))) {
                c.call(c.request("acquire"));
                first.add(episode(c));
                reset(c, null);
                first.add(episode(c));
                reset(c, null);
                first.add(episode(c));
                reset(c, 7L);
                afterSeed7 = episode(c);
                reset(c, 7L);
                afterSeed7Again = episode(c);
            }
        }
        String secondRun;
        try (ConfigurableApplicationContext server = start(world)) {
            try (ControlClient c = ControlClient.connect(port(server))) {
                c.call(c.request("acquire"));
                secondRun = episode(c);
            }
        }

        System.out.printf(
                "episode hashes: %s; second run %s; seed 7: %s, %s%n", first, secondRun, afterSeed7, afterSeed7Again);
        assertThat(first.get(1)).as("the episode after a reset").isEqualTo(first.get(0));
        assertThat(first.get(2)).as("the episode after a second reset").isEqualTo(first.get(0));
        assertThat(secondRun).as("the first episode of a second server run").isEqualTo(first.get(0));
        assertThat(afterSeed7Again).as("two episodes reset with seed 7").isEqualTo(afterSeed7);
        assertThat(afterSeed7).as("seed 7 draws other noise than orrery.seed").isNotEqualTo(first.get(0));
    }

    /** 1,000 lockstep steps with a changing command, hashing every answer (its id left out). */
    private static String episode(ControlClient c) throws Exception {
        MessageDigest hash = MessageDigest.getInstance("SHA-256");
        int withNoisyImu = 0;
        for (int k = 0; k < STEPS; k++) {
            ObjectNode step = c.request("step");
            ObjectNode twist = step.putObject("publish").putObject("/model/vehicle_blue/cmd_vel");
            twist.putObject("linear").put("x", 0.8 + 0.4 * Math.sin(k / 80.0));
            twist.putObject("angular").put("z", 0.6 * Math.cos(k / 120.0));
            step.putArray("observe")
                    .add(ODOM)
                    .addAll(NOISY.stream().map(TextNode::valueOf).toList());
            step.putArray("models").add("vehicle_blue");
            JsonNode answer = c.call(step);
            assertThat(answer.get("op").asText()).as("answer %s", answer).isEqualTo("stepped");
            if (!answer.at("/observations/~1blue~1imu").isNull()) {
                withNoisyImu++;
            }
            if (k == STEPS - 1) {
                for (String topic : NOISY) {
                    assertThat(answer.get("observations").get(topic).isNull())
                            .as("a message on %s", topic)
                            .isFalse();
                }
            }
            ((ObjectNode) answer).remove("id");
            hash.update(answer.toString().getBytes(StandardCharsets.UTF_8));
        }
        assertThat(withNoisyImu).as("steps that saw an IMU message").isEqualTo(STEPS);
        return HexFormat.of().formatHex(hash.digest()).substring(0, 16);
    }

    private static void reset(ControlClient c, Long seed) throws Exception {
        ObjectNode reset = c.request("reset");
        if (seed != null) {
            reset.put("seed", seed);
        }
        JsonNode answer = c.call(reset);
        assertThat(answer.get("simTime").asDouble()).as("answer %s", answer).isZero();
    }

    private Path noisyWorld() throws Exception {
        String text = Files.readString(GazeboSystemRunner.gzWorld("diff_drive.sdf"));
        String chassisPose = "<pose>-0.151427 -0 0.175 0 -0 0</pose>"; // vehicle_blue's chassis comes first
        int at = text.indexOf(chassisPose);
        int blue = text.indexOf("<model name='vehicle_blue'>");
        assertThat(blue).isPositive();
        assertThat(at).isGreaterThan(blue);
        text = text.substring(0, blue) + WALL + text.substring(blue, at) + SENSORS + text.substring(at);
        String blueEnd = "</model>"; // vehicle_blue's own end: its plugin goes beside its DiffDrive
        int end = text.indexOf(blueEnd, text.indexOf("gz-sim-diff-drive-system", blue));
        assertThat(end).isPositive();
        text = text.substring(0, end) + NOISY_ODOMETRY + text.substring(end);
        return Files.writeString(dir.resolve("noisy_diff_drive.sdf"), text);
    }

    private static String axes(String noise) {
        StringBuilder b = new StringBuilder();
        for (String axis : new String[] {"x", "y", "z"}) {
            b.append('<')
                    .append(axis)
                    .append('>')
                    .append(noise)
                    .append("</")
                    .append(axis)
                    .append('>');
        }
        return b.toString();
    }

    private ConfigurableApplicationContext start(Path world) throws Exception {
        ConfigurableApplicationContext server = new SpringApplicationBuilder(OrreryApplication.class)
                .run(
                        "--server.port=0",
                        "--orrery.worlds-dir=" + dir,
                        "--orrery.world=" + world,
                        "--orrery.real-time-factor=0",
                        "--orrery.start-paused=true",
                        "--orrery.status-log-interval=0s",
                        "--orrery.seed=42");
        SimulationRunner runner = server.getBean(SimulationRunner.class);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (runner.reads().currentState() != SimState.PAUSE) {
            assertThat(System.nanoTime())
                    .as("paused after load: %s", runner.reads().status())
                    .isLessThan(deadline);
            Thread.sleep(10);
        }
        return server;
    }

    private static int port(ConfigurableApplicationContext server) {
        return ((WebServerApplicationContext) server).getWebServer().getPort();
    }
}
