package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.autoconfigure.web.servlet.MockMvcPrint;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The API's JSON bodies, fuzzed through the real application (filters, controllers, the application's ObjectMapper
 * and exception handler, the runner on the api world): every answer is 2xx, or 4xx as a problem detail; never a
 * 5xx, never an exception out of the servlet. The input picks a route (pose, static flag, trigger, real-time
 * factor, save, load, reload, plugin command) and the rest of it is the body. Regression inputs in
 * {@code src/test/resources/io/orrery/api/ApiBodiesFuzzTestsInputs/bodies/}; to fuzz for real:
 * {@code JAZZER_FUZZ=1 ./mvnw test -Dtest=ApiBodiesFuzzTests -DargLine=-Xmx1g}.
 */
@SpringBootTest(
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "logging.level.io.orrery=warn"
        })
// print NONE: by default MockMvc keeps every request's printout to show if the test fails, and a fuzzing session
// is one test of a few hundred thousand requests (6 GB of printouts after 10 minutes)
@AutoConfigureMockMvc(print = MockMvcPrint.NONE)
@Import(ApiTestSupport.EchoPluginConfiguration.class)
class ApiBodiesFuzzTests {

    /** A worlds directory of its own: what the fuzzer saves there stays there. */
    static final Path WORLDS_DIR = worldsDir();

    /** The JSON routes: method, path ({@code {}} takes a model or command name from the input). */
    private static final List<String[]> ROUTES = List.of(
            new String[] {"PUT", "/api/models/{name}/pose"},
            new String[] {"PUT", "/api/models/{name}/static"},
            new String[] {"POST", "/api/triggers"},
            new String[] {"PUT", "/api/simulation/real-time-factor"},
            new String[] {"POST", "/api/world/save"},
            new String[] {"POST", "/api/world/load"},
            new String[] {"POST", "/api/simulation/reload"},
            new String[] {"POST", "/api/plugins/echo/commands/{name}"});

    private static final List<String> NAMES = List.of("box", "ball", "ground", "echo", "nope", "a b/c%d{x}\u00e9");

    @Autowired
    MockMvc mvc;

    @DynamicPropertySource
    static void worlds(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS_DIR::toString);
        registry.add(
                "orrery.world", () -> WORLDS_DIR.resolve(ApiTestSupport.WORLD).toString());
    }

    /** Input: the route (first byte), the model or command name (second byte), then the body as UTF-8. */
    @FuzzTest(maxDuration = "10m")
    void bodies(byte[] input) throws Exception {
        if (input.length < 2) {
            return;
        }
        String[] route = ROUTES.get(Byte.toUnsignedInt(input[0]) % ROUTES.size());
        String name = NAMES.get(Byte.toUnsignedInt(input[1]) % NAMES.size());
        URI uri = UriComponentsBuilder.fromPath(route[1])
                .buildAndExpand(name)
                .encode()
                .toUri();
        String path = uri.getRawPath();
        String body = new String(input, 2, input.length - 2, StandardCharsets.UTF_8);
        MockHttpServletResponse r = mvc.perform(request(HttpMethod.valueOf(route[0]), uri)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andReturn()
                .getResponse();
        int status = r.getStatus();
        assertThat(status)
                .as("%s %s %s -> %s", route[0], path, body, r.getContentAsString())
                .isLessThan(500);
        if (status >= 400) {
            assertThat(r.getContentType()).as("%s %s %s", route[0], path, body).startsWith("application/problem+json");
        }
        if (Files.exists(WORLDS_DIR.resolve(ApiTestSupport.WORLD))) {
            return;
        }
        throw new AssertionError("the world file vanished after " + route[0] + " " + path + " " + body);
    }

    private static Path worldsDir() {
        try {
            Path dir = Files.createTempDirectory("orrery-fuzz-worlds");
            ApiTestSupport.copyWorld(dir, ApiTestSupport.WORLD);
            return dir.toRealPath();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
