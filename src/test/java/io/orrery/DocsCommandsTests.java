package io.orrery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Follows the pages a newcomer walks first as written: each {@code ./mvnw spring-boot:run} line of a page starts
 * Orrery with its arguments (in this JVM, from the repository root, with {@code config/application.yaml}, as the
 * command does), and each {@code curl} line after it runs with the real {@code curl} against that server, in the
 * page's order. A command passes when curl succeeds and the answer is 2xx; a stream ({@code curl -N}) passes when
 * it delivers an event within a few seconds. Where a command reads what a world publishes once a second (the
 * odometry of diff_drive.sdf), it is repeated for a few seconds, as a reader would, until the first message is
 * there. The other commands of these pages (Maven, the packaged jar, Helm) are run by the tests that own them:
 * {@code *LaunchTests}, {@code LocalSweepTests}, the chart tests.
 */
class DocsCommandsTests {

    private static final Pattern RUN =
            Pattern.compile("^\\./mvnw spring-boot:run(?: -Dspring-boot\\.run\\.arguments=(\\S+))?$");
    private static final Pattern STATUS = Pattern.compile("\\n(\\d{3})$");
    /** How long a reader gives a world to publish a message it publishes once a sim second: twice that, and more. */
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @ParameterizedTest
    @ValueSource(strings = {"docs/gazebo-worlds.md", "docs/drive-a-robot.md"})
    void everyServerAndCurlCommandOfThePageRunsAsWritten(String page) throws Exception {
        List<Command> commands = commands(MarkdownPage.read(Path.of(page)));
        assertThat(commands)
                .as("the commands of %s", page)
                .anyMatch(c -> c.run != null)
                .anyMatch(c -> c.run == null);
        ConfigurableApplicationContext server = null;
        try {
            for (Command c : commands) {
                if (c.run != null) {
                    if (server != null) {
                        server.close();
                    }
                    server = start(c.run);
                } else {
                    assertThat(server)
                            .as("%s:%d runs curl before any server is started", page, c.line)
                            .isNotNull();
                    curl(page, c, port(server));
                }
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    /** One command of a page: the line it starts on, and either the server's arguments or a curl command line. */
    private record Command(int line, List<String> run, String curl) {}

    private static List<Command> commands(MarkdownPage page) {
        List<Command> commands = new ArrayList<>();
        for (MarkdownPage.Located block : page.code) {
            if (!block.text().contains("\n")) {
                continue; // an inline span, not a block
            }
            String[] lines = block.text().split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                int start = block.line() + i;
                StringBuilder command =
                        new StringBuilder(withoutComment(lines[i]).strip());
                while (command.toString().endsWith("\\") && i + 1 < lines.length) {
                    command.setLength(command.length() - 1);
                    command.append(' ').append(withoutComment(lines[++i]).strip());
                }
                String text = command.toString().strip();
                Matcher run = RUN.matcher(text);
                if (run.matches()) {
                    commands.add(new Command(
                            start,
                            run.group(1) == null
                                    ? List.of()
                                    : List.of(run.group(1).split(",")),
                            null));
                } else if (text.startsWith("curl ")) {
                    commands.add(new Command(start, null, text));
                }
            }
        }
        return commands;
    }

    /** The line without a shell comment: a {@code #} after a blank and outside quotes starts one. */
    private static String withoutComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static ConfigurableApplicationContext start(List<String> arguments) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--orrery.status-log-interval=0s"));
        args.addAll(arguments);
        return new SpringApplicationBuilder(OrreryApplication.class).run(args.toArray(String[]::new));
    }

    private static int port(ConfigurableApplicationContext server) {
        return Integer.parseInt(server.getEnvironment().getProperty("local.server.port"));
    }

    private static void curl(String page, Command c, int port) throws Exception {
        String command = c.curl.replace("localhost:8080", "localhost:" + port);
        boolean stream = command.matches("curl -N\\b.*");
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        Result r;
        do {
            r = stream ? run(command + " --max-time 3", 10) : run(command + " -w '\\n%{http_code}'", 30);
        } while (!r.passed(stream) && System.nanoTime() < deadline && sleep());
        assertThat(r.passed(stream))
                .as("%s:%d `%s` exited %d with %s", page, c.line, c.curl, r.exit, r.output)
                .isTrue();
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(500);
        return true;
    }

    private record Result(int exit, String output) {
        boolean passed(boolean stream) {
            if (stream) {
                // curl's exit 28 is its own --max-time: the stream was open and sending until then
                return (exit == 0 || exit == 28) && output.contains("data:");
            }
            Matcher status = STATUS.matcher(output.stripTrailing());
            return exit == 0 && status.find() && status.group(1).startsWith("2");
        }
    }

    private static Result run(String command, int timeoutSeconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", command)
                .redirectErrorStream(true)
                .start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "(no answer within " + timeoutSeconds + " s)");
        }
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
