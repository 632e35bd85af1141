package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.transport.record.mcap.McapAttachmentIndex;
import io.orrery.transport.record.mcap.McapChannel;
import io.orrery.transport.record.mcap.McapMessage;
import io.orrery.transport.record.mcap.McapMessageCursor;
import io.orrery.transport.record.mcap.McapMetadata;
import io.orrery.transport.record.mcap.McapReader;
import io.orrery.transport.record.mcap.McapSchema;
import io.orrery.transport.record.mcap.McapWriter;
import io.orrery.transport.record.mcap.McapWriterOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What the replay tests share: Orrery started in JVMs of its own (so a replay runs in another JVM than its recording,
 * each with its log in {@code dir}), a recorded run of the paused diff-drive world on JBullet that a script drives over
 * HTTP, a replay's exit code and output, and a copy of a recording with one journal command edited.
 */
final class ReplayJvms {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A recorded run's driver, given the API's base URL. */
    interface Script {
        void drive(String base) throws Exception;
    }

    record Result(int code, String out) {}

    private final Path dir;

    ReplayJvms(Path dir) {
        this.dir = dir;
    }

    /** Records a run of the paused diff-drive world on JBullet that {@code script} drives, then stops it. */
    void record(String name, Path file, Script script) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process p = java(
                List.of(),
                name,
                "--server.port=" + port,
                "--orrery.world=worlds/gazebo/diff_drive.sdf",
                "--orrery.physics.engine=jbullet",
                "--orrery.start-paused=true",
                "--orrery.exit-on-stop=true",
                "--orrery.transport.enabled=false",
                "--orrery.status-log-interval=0s",
                "--orrery.record.path=" + file);
        String base = "http://127.0.0.1:" + port + "/api";
        try {
            awaitPaused(p, name, base);
            script.drive(base);
            call("POST", base + "/simulation/stop", "");
            assertThat(p.waitFor(120, TimeUnit.SECONDS))
                    .as("the recording JVM exits: %s", log(name))
                    .isTrue();
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
        assertThat(file).as(log(name)).isRegularFile();
    }

    private void awaitPaused(Process p, String name, String base) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (true) {
            try {
                String state = http.send(
                                HttpRequest.newBuilder(URI.create(base + "/simulation"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body();
                if (state.contains("\"PAUSE\"")) {
                    return;
                }
            } catch (IOException notYet) {
                assertThat(p.isAlive())
                        .as("the recording JVM is running: %s", log(name))
                        .isTrue();
            }
            assertThat(System.nanoTime()).as("the recording JVM starts").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    /** Replays {@code file} in a JVM of its own with {@code jvm} options and waits for its verdict. */
    Result replay(Path file, List<String> jvm, String name) throws Exception {
        Process p = java(jvm, name, "--orrery.replay=" + file, "--orrery.status-log-interval=0s");
        // -Xint starts Spring and steps a few hundred times interpreted: minutes on a loaded machine, never hours
        assertThat(p.waitFor(600, TimeUnit.SECONDS))
                .as("the replay ends: %s", log(name))
                .isTrue();
        return new Result(p.exitValue(), log(name));
    }

    /** Starts Orrery with {@code jvm} options and {@code args}, its output in {@code name}'s log. */
    Process java(List<String> jvm, String name, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvm);
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
        command.add("io.orrery.OrreryApplication");
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile())
                .start();
    }

    String log(String name) {
        try {
            return Files.readString(dir.resolve(name + ".log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    static void step(String base, long count) throws Exception {
        call("POST", base + "/simulation/step?count=" + count, "");
    }

    static void call(String method, String url, String body) throws Exception {
        call(method, url, "application/json", body);
    }

    static void call(String method, String url, String type, String body) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(url))
                                .timeout(Duration.ofSeconds(60))
                                .header("Content-Type", type)
                                .method(method, HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("%s %s: %s", method, url, r.body()).isBetween(200, 299);
    }

    /**
     * Copies {@code from} to {@code to}, each journal command passed through {@code edit} (true when it changed it),
     * the {@code orrery.replay} metadata through {@code replay}; answers how many commands were changed.
     */
    static int rewrite(Path from, Path to, Predicate<ObjectNode> edit, Consumer<Map<String, String>> replay)
            throws IOException {
        int edited = 0;
        try (McapReader r = McapReader.open(from);
                McapWriter w = McapWriter.create(to, McapWriterOptions.defaults())) {
            Map<Integer, Integer> schemas = new HashMap<>();
            for (McapSchema s : r.schemas().values()) {
                schemas.put(s.id(), w.addSchema(s.name(), s.encoding(), s.data()));
            }
            schemas.put(0, 0);
            Map<Integer, Integer> channels = new HashMap<>();
            Map<Integer, String> topics = new HashMap<>();
            for (McapChannel c : r.channels().values()) {
                channels.put(
                        c.id(), w.addChannel(schemas.get(c.schemaId()), c.topic(), c.messageEncoding(), c.metadata()));
                topics.put(c.id(), c.topic());
            }
            McapMessageCursor cursor = r.messages();
            McapMessage m;
            while ((m = cursor.next()) != null) {
                byte[] data = m.data();
                if (topics.get(m.channelId()).equals(ReplayJournal.COMMANDS)) {
                    ObjectNode c = (ObjectNode) JSON.readTree(data);
                    if (edit.test(c)) {
                        data = JSON.writeValueAsBytes(c);
                        edited++;
                    }
                }
                w.addMessage(channels.get(m.channelId()), m.sequence(), m.logTime(), m.publishTime(), data);
            }
            for (McapAttachmentIndex a : r.attachments()) {
                w.addAttachment(r.attachment(a));
            }
            for (McapMetadata md : r.metadata()) {
                if (md.name().equals(ReplayJournal.METADATA)) {
                    Map<String, String> kept = new HashMap<>(md.metadata());
                    replay.accept(kept);
                    md = new McapMetadata(md.name(), kept);
                }
                w.addMetadata(md);
            }
        }
        return edited;
    }

    /** The journal's commands in the order the file holds them. */
    static List<JsonNode> commands(McapReader r) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        int id = r.channels().values().stream()
                .filter(c -> c.topic().equals(ReplayJournal.COMMANDS))
                .findFirst()
                .orElseThrow()
                .id();
        McapMessageCursor cursor = r.messages(Set.of(id));
        McapMessage m;
        while ((m = cursor.next()) != null) {
            out.add(JSON.readTree(m.data()));
        }
        return out;
    }
}
