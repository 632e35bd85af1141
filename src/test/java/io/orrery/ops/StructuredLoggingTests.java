package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One property turns the console into JSON lines: {@code --logging.structured.format.console=ecs}. Run as a real
 * process (the test classpath, a short batch run), because Logback is configured once per JVM: inside the test
 * JVM an already-initialised logging system from another cached context would ignore the property.
 */
class StructuredLoggingTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void withOnePropertyEveryConsoleLineIsAnEcsJsonObject() throws Exception {
        Path stdout = dir.resolve("stdout.log");
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "io.orrery.OrreryApplication",
                "--logging.structured.format.console=ecs",
                "--server.port=0",
                "--orrery.world=src/test/resources/worlds/runner_drop.sdf",
                "--orrery.real-time-factor=0",
                "--orrery.stop-after-steps=200",
                "--orrery.exit-on-stop=true"));
        Process p = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(dir.resolve("stderr.log").toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS))
                .as("the run ends by itself")
                .isTrue();
        String out = Files.readString(stdout);
        assertThat(p.exitValue()).as(out).isZero();

        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                lines.add(JSON.readTree(line)); // throws on a line that is not JSON
            }
        }
        assertThat(lines)
                .allSatisfy(line -> assertThat(line.isObject()).as("%s", line).isTrue());
        // A clean run of the built-in configuration warns about nothing: a warning there is noise every user sees.
        assertThat(lines)
                .as("warnings and errors of a clean run")
                .noneSatisfy(line ->
                        assertThat(line.path("log").path("level").asText()).isIn("WARN", "ERROR"));
        JsonNode loaded = lines.stream()
                .filter(l -> l.path("message").asText().startsWith("World 'runner_drop' loaded"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no 'World loaded' line in\n" + out));
        assertThat(loaded.get("@timestamp").asText()).isNotBlank();
        assertThat(loaded.get("log").get("level").asText()).isEqualTo("INFO");
        assertThat(loaded.get("log").get("logger").asText()).isEqualTo("io.orrery.runner.SimulationRunner");
        assertThat(loaded.get("process").get("thread").get("name").asText()).isEqualTo("orrery-runner");
        assertThat(loaded.get("service").get("name").asText()).isEqualTo("orrery");
        assertThat(loaded.get("ecs").get("version").asText()).isNotBlank();
    }
}
