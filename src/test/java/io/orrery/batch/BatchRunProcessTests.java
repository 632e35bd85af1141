package io.orrery.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.transport.record.mcap.NodeMcapCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headless batch run end to end, as a real separate process with the application's own main class on the
 * test classpath: exit codes, stderr and result.json.
 */
class BatchRunProcessTests {

    private static final String WORLD = "src/test/resources/worlds/runner_drop.sdf";

    @TempDir
    Path dir;

    private final List<Process> started = new ArrayList<>();

    @Test
    void aRunToItsStopConditionExitsZeroAndReportsTheRestingBox() throws Exception {
        Path report = dir.resolve("out/result.json");
        Result r = run(
                "--orrery.world=" + WORLD,
                "--orrery.real-time-factor=0",
                "--orrery.stop-after-steps=2000",
                "--orrery.report=" + report);

        assertThat(r.exitCode).as(r.output()).isZero();
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("outcome").asText()).isEqualTo("success");
        assertThat(json.get("iterations").asLong()).isEqualTo(2000);
        assertThat(json.get("simTime").asDouble()).isEqualTo(2.0);
        assertThat(json.get("wallTime").asDouble()).isPositive();
        assertThat(json.get("achievedRealTimeFactor").asDouble()).isPositive();
        assertThat(json.get("statistics").get("cycleSeconds").get("count").asLong())
                .isEqualTo(2000);
        assertThat(json.get("plugins").isArray()).isTrue();
        JsonNode box = null;
        for (JsonNode m : json.get("models")) {
            if (m.get("name").asText().equals("box")) {
                box = m;
            }
        }
        assertThat(box).as("the box in %s", json).isNotNull();
        // A 0.5 m box at rest on the ground plane: its centre at 0.25 m, upright.
        assertThat(box.get("pose").get("z").asDouble()).isCloseTo(0.25, within(0.01));
        assertThat(box.get("pose").get("roll").asDouble()).isCloseTo(0, within(0.01));
        assertThat(box.get("pose").get("pitch").asDouble()).isCloseTo(0, within(0.01));

        // The run recorded itself beside its report, which names the file; Foxglove's reader (@mcap/core under
        // Node.js) validates it (CRCs, indexes, every message decoded) and finds the replay journal of every step.
        assertThat(json.get("recording").asText()).isEqualTo("result.mcap");
        JsonNode mcap = NodeMcapCheck.check("recording", dir.resolve("out/result.mcap"));
        assertThat(mcap.at("/metadata/orrery.replay/steps").asText()).isEqualTo("2000");
        assertThat(mcap.at("/topics/~1orrery~1replay~1state/count").asLong()).isEqualTo(2000);
        assertThat(mcap.get("total").asLong())
                .isEqualTo(mcap.get("messageCount").asLong());
    }

    @Test
    void aWorldThatFailsToLoadExitsFourNamingFileLineAndColumn() throws Exception {
        Path report = dir.resolve("result.json");
        Result r = run("--orrery.world=src/test/resources/worlds/broken.sdf", "--orrery.report=" + report);

        assertThat(r.exitCode).as(r.output()).isEqualTo(4);
        assertThat(r.stderr)
                .contains("broken.sdf:7:")
                .contains("model 'box1' link 'link': <mass> must be a positive number");
        assertThat(new ObjectMapper().readTree(report.toFile()).get("outcome").asText())
                .isEqualTo("no-start");
    }

    @Test
    void aFailTriggerExitsNine() throws Exception {
        Path report = dir.resolve("result.json");
        Result r = run(
                "--orrery.world=" + WORLD,
                "--orrery.real-time-factor=0",
                "--orrery.triggers[0].event=time=0.5",
                "--orrery.triggers[0].action=fail",
                "--orrery.triggers[0].label=deadline",
                "--orrery.report=" + report);

        assertThat(r.exitCode).as(r.output()).isEqualTo(9);
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("outcome").asText()).isEqualTo("failure");
        assertThat(json.get("simTime").asDouble()).isEqualTo(0.5);
    }

    @Test
    void anExceptionInAControllerExitsSixteen() throws Exception {
        Path report = dir.resolve("result.json");
        Result r = run(
                "--orrery.world=" + WORLD,
                "--orrery.real-time-factor=0",
                "--spring.main.sources=io.orrery.batch.FaultInjection",
                "--orrery.report=" + report);

        assertThat(r.exitCode).as(r.output()).isEqualTo(16);
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("outcome").asText()).isEqualTo("aborted");
        assertThat(json.get("message").asText()).contains("controller diverged at step 100");
        assertThat(json.get("iterations").asLong()).isEqualTo(99);
    }

    @Test
    void aReportThatCannotBeWrittenExitsThirtyTwoWithAnErrorNotTheOutcomesCode() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("occupied"), "a regular file");
        Path report = notADirectory.resolve("result.json");
        Result r = run(
                "--orrery.world=" + WORLD,
                "--orrery.real-time-factor=0",
                "--orrery.stop-after-steps=10",
                "--orrery.report=" + report);

        assertThat(r.exitCode).as(r.output()).isEqualTo(32);
        assertThat(r.stdout)
                .containsPattern("ERROR .*The report " + Pattern.quote(report.toString()) + " was not written");
        assertThat(r.stderr).contains("orrery: the report " + report + " was not written");
        assertThat(notADirectory).hasContent("a regular file");
    }

    @Test
    void sigtermDuringARunStopsItExitsEightAndStillWritesTheReport() throws Exception {
        Path report = dir.resolve("result.json");
        Process p = start("--orrery.world=" + WORLD, "--orrery.real-time-factor=1", "--orrery.report=" + report);
        Path log = dir.resolve("stdout.log");
        awaitLine(log, "World 'runner_drop' loaded");

        p.destroy(); // SIGTERM
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).as(Files.readString(log)).isEqualTo(8);
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertThat(json.get("outcome").asText()).isEqualTo("stopped");
    }

    private record Result(int exitCode, String stdout, String stderr) {
        String output() {
            return "stdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    private Result run(String... args) throws Exception {
        Process p = start(args);
        assertThat(p.waitFor(120, TimeUnit.SECONDS))
                .as("the process ends by itself")
                .isTrue();
        return new Result(
                p.exitValue(),
                Files.readString(dir.resolve("stdout.log")),
                Files.readString(dir.resolve("stderr.log")));
    }

    /** Starts Orrery as a batch run: its own JVM, the test classpath, exit on stop, no web server port clash. */
    private Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.orrery.OrreryApplication",
                "--server.port=0",
                "--orrery.exit-on-stop=true"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .redirectOutput(dir.resolve("stdout.log").toFile())
                .redirectError(dir.resolve("stderr.log").toFile())
                .start();
        started.add(p);
        return p;
    }

    /** A test that fails half-way must not leave its Orrery running (it would load the machine for minutes). */
    @AfterEach
    void killWhatIsLeft() throws InterruptedException {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        started.clear();
    }

    private static void awaitLine(Path log, String text) throws Exception {
        // as long as run() waits for a whole run: a JVM start and a world load, on a machine that may be loaded
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)
                    && Files.readString(log, StandardCharsets.UTF_8).contains(text)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no line containing '" + text + "' in " + log);
    }
}
