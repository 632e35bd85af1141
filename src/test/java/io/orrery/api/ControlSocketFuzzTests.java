package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.runner.SimulationRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Scope;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Frames fuzzed into the control WebSocket ({@code /api/control}) of the real application on a random port, through
 * a real WebSocket client, on the soak world (Gazebo's VelocityControl on the rover, a test plugin on a topic of
 * every gz.msgs type): every frame gets exactly one answer, which is not an error or is one with a 4xx status (400,
 * 404, 409) or 503 (the runner's queue full), never a 5xx otherwise; the connection stays open; the runner keeps
 * running. One connection serves the inputs in turn, so an input may find it holding the simulation from an earlier
 * {@code acquire}, as a real controller would. A {@code count} above 100 is lowered to 1 so that the fuzzer spends
 * its time on frames, not on stepping. Regression inputs in
 * {@code src/test/resources/io/orrery/api/ControlSocketFuzzTestsInputs/frames/}.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "logging.level.io.orrery=warn",
            "orrery.plugins[0].name=every-type",
            "orrery.plugins[0].filename=orrery-test-every-type"
        })
@Import(ControlSocketFuzzTests.EveryTypePluginConfiguration.class)
class ControlSocketFuzzTests {

    static final String WORLD = "soak_world.sdf";
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path WORLDS_DIR = worldsDir();

    /** The statuses an error frame may carry: the request's fault, or the runner busy (try again). */
    static final Set<Integer> CLIENT_STATUSES = Set.of(400, 404, 409, 503);

    private static ControlClient connection;

    @LocalServerPort
    int port;

    @Autowired
    SimulationRunner runner;

    @DynamicPropertySource
    static void worlds(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS_DIR::toString);
        registry.add("orrery.world", () -> WORLDS_DIR.resolve(WORLD).toString());
    }

    @AfterAll
    static void closeConnection() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    /** Input: one text frame, as UTF-8 (invalid sequences become U+FFFD, as a client library would send them). */
    @FuzzTest(maxDuration = "10m")
    void frames(byte[] input) throws Exception {
        String frame = lowerCount(new String(input, StandardCharsets.UTF_8));
        if (connection == null) {
            connection = connect();
        }
        connection.send(frame);
        JsonNode answer = connection.next();
        assertThat(connection.closedBecause())
                .as("the connection after %s", frame)
                .isNull();
        String op = answer.path("op").asText();
        assertThat(op)
                .as("the answer to %s: %s", frame, answer)
                .isIn("acquired", "stepped", "reset", "observed", "released", "error");
        if (op.equals("error")) {
            assertThat(answer.path("status").asInt())
                    .as("the answer to %s: %s", frame, answer)
                    .isIn(CLIENT_STATUSES);
            assertThat(answer.path("detail").asText())
                    .as("the answer to %s", frame)
                    .isNotBlank();
        }
        assertThat(runner.isRunning()).as("the runner after %s", frame).isTrue();
    }

    /**
     * The first handshake loads (and Jazzer instruments) every class on its way, which on a loaded machine took longer
     * than the client's 10 s handshake timeout; a timed-out handshake is tried again, any other failure is not.
     */
    private ControlClient connect() throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return ControlClient.connect(port);
            } catch (ExecutionException e) {
                if (attempt == 3 || !(e.getCause() instanceof HttpTimeoutException)) {
                    throw e;
                }
            }
        }
    }

    /** A step's count above 100 becomes 1; anything that is not such a JSON object is sent as it is. */
    private static String lowerCount(String frame) {
        try {
            JsonNode tree = JSON.readTree(frame);
            if (tree instanceof ObjectNode o
                    && o.path("count").isNumber()
                    && o.path("count").asDouble() > 100) {
                o.put("count", 1);
                return o.toString();
            }
        } catch (IOException | RuntimeException notJson) {
            // sent as it is: the socket must refuse it
        }
        return frame;
    }

    private static Path worldsDir() {
        try {
            Path dir = Files.createTempDirectory("orrery-fuzz-control");
            ApiTestSupport.copyWorld(dir, WORLD);
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class EveryTypePluginConfiguration {
        @Bean
        @Scope("prototype")
        EveryTypePlugin everyTypePlugin() {
            return new EveryTypePlugin();
        }
    }
}
