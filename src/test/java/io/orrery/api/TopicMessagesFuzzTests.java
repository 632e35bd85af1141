package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.runner.SimulationRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.autoconfigure.web.servlet.MockMvcPrint;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Scope;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Topic messages (the JSON of gz.msgs messages) fuzzed through the real application's publish route: the body is
 * read by {@link MessageReader} into the topic's message and queued for the runner, whose subscribers (a
 * test plugin on a topic of every type, Gazebo's VelocityControl on the rover) take it at the next StepEnd. Every
 * answer is 202, or 4xx as a problem detail; never a 5xx; reading the topic back is never a 5xx either, and the
 * runner keeps running. Regression inputs in
 * {@code src/test/resources/io/orrery/api/TopicMessagesFuzzTestsInputs/messages/}; to fuzz for real:
 * {@code JAZZER_FUZZ=1 ./mvnw test -Dtest=TopicMessagesFuzzTests -DargLine=-Xmx1g}.
 */
@SpringBootTest(
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "logging.level.io.orrery=warn",
            "orrery.plugins[0].name=every-type",
            "orrery.plugins[0].filename=orrery-test-every-type"
        })
// print NONE: by default MockMvc keeps every request's printout to show if the test fails, and a fuzzing session
// is one test of a few hundred thousand requests (6 GB of printouts after 10 minutes)
@AutoConfigureMockMvc(print = MockMvcPrint.NONE)
@Import(TopicMessagesFuzzTests.EveryTypePluginConfiguration.class)
class TopicMessagesFuzzTests {

    static final String WORLD = "soak_world.sdf";
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path WORLDS_DIR = worldsDir();

    /** The topics an input picks from: one of every type, the rover's, one nobody subscribes to, one nobody uses. */
    private static final List<String> TOPICS = topics();

    @Autowired
    MockMvc mvc;

    @Autowired
    SimulationRunner runner;

    @DynamicPropertySource
    static void worlds(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS_DIR::toString);
        registry.add("orrery.world", () -> WORLDS_DIR.resolve(WORLD).toString());
    }

    /** Input: the topic (first byte), then the message as UTF-8 JSON. */
    @FuzzTest(maxDuration = "10m")
    void messages(byte[] input) throws Exception {
        if (input.length < 1) {
            return;
        }
        String topic = TOPICS.get(Byte.toUnsignedInt(input[0]) % TOPICS.size());
        String body = new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
        MockHttpServletResponse r = mvc.perform(post("/api/topics" + topic)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andReturn()
                .getResponse();
        int status = r.getStatus();
        assertThat(status)
                .as("%s %s -> %s", topic, body, r.getContentAsString())
                .isLessThan(500);
        if (status >= 400) {
            assertThat(r.getContentType()).as("%s %s", topic, body).startsWith("application/problem+json");
        } else {
            assertThat(status).as("%s %s", topic, body).isEqualTo(202);
        }
        MockHttpServletResponse latest =
                mvc.perform(get("/api/topics" + topic)).andReturn().getResponse();
        assertThat(latest.getStatus())
                .as("GET %s after %s -> %s", topic, body, latest.getContentAsString())
                .isLessThan(500);
        assertThat(runner.isRunning()).as("the runner after %s %s", topic, body).isTrue();
    }

    /**
     * A controller's step body ({@code POST /api/simulation/step} with JSON: count, publish, observe, models), the
     * input as UTF-8: 200 with the observations, or 4xx as a problem detail; never a 5xx. A {@code count} above 100
     * is lowered to 1 before sending, so that the fuzzer spends its time on bodies rather than on stepping.
     */
    @FuzzTest(maxDuration = "10m")
    void stepBodies(byte[] input) throws Exception {
        String body = new String(input, StandardCharsets.UTF_8);
        try {
            JsonNode tree = JSON.readTree(body);
            if (tree instanceof ObjectNode o
                    && o.path("count").isNumber()
                    && o.path("count").asDouble() > 100) {
                o.put("count", 1);
                body = o.toString();
            }
        } catch (java.io.IOException notJson) {
            // sent as it is: the route must refuse it
        }
        MockHttpServletResponse r = mvc.perform(post("/api/simulation/step")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andReturn()
                .getResponse();
        int status = r.getStatus();
        assertThat(status).as("%s -> %s", body, r.getContentAsString()).isLessThan(500);
        if (status >= 400) {
            assertThat(r.getContentType()).as("%s", body).startsWith("application/problem+json");
        }
        assertThat(runner.isRunning()).as("the runner after %s", body).isTrue();
    }

    private static List<String> topics() {
        List<String> topics = new ArrayList<>();
        EveryTypePlugin.TYPES.forEach(type -> topics.add(EveryTypePlugin.topicOf(type)));
        topics.add("/model/rover/cmd_vel");
        topics.add("/model/rover/odometry");
        topics.add("/no/such/topic");
        return List.copyOf(topics);
    }

    private static Path worldsDir() {
        try {
            Path dir = Files.createTempDirectory("orrery-fuzz-topics");
            ApiTestSupport.copyWorld(dir, WORLD);
            return dir.toRealPath();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
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
