package io.orrery.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The Python client, clients/python, against the real application on worlds/cartpole.sdf with 8 worlds: its own
 * unittest suite (Gymnasium 1.x's shapes, dtypes, seeds, autoreset modes and info masks; a world's episode the same
 * bits alone or among eight; worlds spread over two URLs), then the cart-pole example for N = 1 and N = 8, which must
 * balance every pole for whole episodes. Needs {@code python3} and NumPy (test.sh installs Debian's python3-numpy);
 * without them the test fails saying so.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.world=worlds/cartpole.sdf",
            "orrery.worlds.count=8",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s"
        })
class PythonClientTests {

    static final Path CLIENT = Path.of("clients/python");

    @LocalServerPort
    int port;

    @Test
    void theClientsOwnTestsPassAgainstTheServer() throws Exception {
        String out = python(List.of("-m", "unittest", "discover", "-v", "-s", "tests"));
        assertThat(out).contains("OK").doesNotContain("skipped");
    }

    @Test
    void theCartPoleExampleBalancesOneAndEightWorlds() throws Exception {
        for (int envs : new int[] {1, 8}) {
            String out = python(List.of("examples/cartpole.py", url(), "--envs", "" + envs, "--steps", "520"));
            Matcher m = Pattern.compile("RESULT envs=(\\d+) steps=520 episodes=(\\d+) mean_return=([0-9.]+) "
                            + "env_steps_per_s=(\\d+)")
                    .matcher(out);
            assertThat(m.find()).as(out).isTrue();
            assertThat(Integer.parseInt(m.group(1))).isEqualTo(envs);
            // the controller holds every pole up: each world's one episode ends by the 500-step time limit
            assertThat(Integer.parseInt(m.group(2))).as(out).isEqualTo(envs);
            assertThat(Double.parseDouble(m.group(3))).as(out).isEqualTo(500.0);
        }
    }

    private String url() {
        return "ws://localhost:" + port + "/api/vector";
    }

    private String python(List<String> args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(onPath("python3")));
        command.addAll(args);
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(CLIENT.toFile()).redirectErrorStream(true);
        builder.environment().put("ORRERY_URL", url());
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("%s finished", command).isTrue();
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
        throw new AssertionError("no " + name + " on the PATH: the Python client's tests need it with NumPy (test.sh"
                + " installs python3 and python3-numpy)");
    }
}
