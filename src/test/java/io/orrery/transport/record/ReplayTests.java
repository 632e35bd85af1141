package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gz.msgs.TwistProtos.Twist;
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
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay to the bit: a run of the diff-drive world on JBullet is recorded in a JVM of its own (100 steps, a Twist
 * published over HTTP, 200 steps more), then replayed in other JVMs with {@code --orrery.replay}: identical with the
 * default JIT and with {@code -Xint} (JBullet is pure Java and Java's floating point strict, so the bits must match
 * whatever the JIT does), and, with the Twist flipped in the file, differing at the first step it changes.
 */
class ReplayTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long COMMAND_STEP = 100;
    private static final long STEPS = 300;

    @TempDir
    static Path dir;

    static Path recorded;

    @BeforeAll
    static void record() throws Exception {
        recorded = dir.resolve("run.mcap");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process p = java(
                List.of(),
                "record",
                "--server.port=" + port,
                "--orrery.world=worlds/gazebo/diff_drive.sdf",
                "--orrery.physics.engine=jbullet",
                "--orrery.start-paused=true",
                "--orrery.exit-on-stop=true",
                "--orrery.transport.enabled=false",
                "--orrery.status-log-interval=0s",
                "--orrery.record.path=" + recorded);
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + port + "/api";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (true) {
            try {
                if (http.send(
                                HttpRequest.newBuilder(URI.create(base + "/simulation"))
                                        .build(),
                                body())
                        .body()
                        .contains("\"PAUSE\"")) {
                    break;
                }
            } catch (IOException notYet) {
                assertThat(p.isAlive())
                        .as("the recording JVM is running: %s", log("record"))
                        .isTrue();
            }
            assertThat(System.nanoTime()).as("the recording JVM starts").isLessThan(deadline);
            Thread.sleep(200);
        }
        post(http, base + "/simulation/step?count=" + COMMAND_STEP, "");
        post(
                http,
                base + "/topics/model/vehicle_blue/cmd_vel",
                "{\"linear\": {\"x\": 0.5}, \"angular\": {\"z\": 0.5}}");
        post(http, base + "/simulation/step?count=" + (STEPS - COMMAND_STEP), "");
        post(http, base + "/simulation/stop", "");
        assertThat(p.waitFor(120, TimeUnit.SECONDS))
                .as("the recording JVM exits")
                .isTrue();
        assertThat(recorded).as(log("record")).isRegularFile();
    }

    @Test
    void aRecordedRunReplaysIdenticallyAndCarriesItsWorld() throws Exception {
        try (McapReader r = McapReader.open(recorded)) {
            List<String> names =
                    r.attachments().stream().map(McapAttachmentIndex::name).toList();
            assertThat(names)
                    .contains(Path.of("worlds/gazebo/diff_drive.sdf")
                            .toAbsolutePath()
                            .toString());
            Map<String, String> replay = metadata(r, ReplayJournal.METADATA);
            assertThat(replay).containsEntry("steps", Long.toString(STEPS)).containsEntry("engine", "jbullet");
            // pause, step, publish, step, stop: the publish is the one with data, after step 100
            assertThat(commands(r)).anySatisfy(c -> {
                assertThat(c.get("name")).isEqualTo("publish");
                assertThat(c.get("step")).isEqualTo(Integer.valueOf((int) COMMAND_STEP));
            });
        }
        Result replay = replay(recorded, List.of(), "replay");
        assertThat(replay.code).as(replay.out).isZero();
        assertThat(replay.out).contains("orrery replay: identical through step " + STEPS);
    }

    @Test
    void anInterpretedJvmReplaysTheJitRunToTheBit() throws Exception {
        Result replay = replay(recorded, List.of("-Xint"), "replay-xint");
        assertThat(replay.code).as(replay.out).isZero();
        assertThat(replay.out).contains("orrery replay: identical through step " + STEPS);
    }

    @Test
    void aFlippedCommandIsReportedAtTheFirstStepItChanges() throws Exception {
        Path flipped = dir.resolve("flipped.mcap");
        rewrite(recorded, flipped, true, ReplayJournal.STATE_HASH_KIND);
        Result replay = replay(flipped, List.of(), "replay-flipped");
        assertThat(replay.code).as(replay.out).isEqualTo(ReplayRun.DIFFERS);
        // Applied after step 100, the Twist is turned into wheel speeds in step 101's PostUpdate (as gz-sim's
        // DiffDrive does, DiffDrive.java), which its PreUpdate hands to the joints in step 102: the first state that
        // can differ, and the one that must.
        assertThat(replay.out)
                .contains("orrery replay: step " + (COMMAND_STEP + 2) + " differs: model vehicle_blue, link chassis");
    }

    @Test
    void aRecordingWithStateHashesOfAnotherKindIsRefused() throws Exception {
        Path older = dir.resolve("older.mcap");
        rewrite(recorded, older, false, "link-1");
        Result replay = replay(older, List.of(), "replay-older");
        assertThat(replay.code).as(replay.out).isEqualTo(ReplayRun.CANNOT);
        assertThat(replay.out).contains("its state hashes are not of the kind this Orrery computes (state_hash link-1");
    }

    @Test
    void aHeadlessRunOnNativeBulletReplaysOnTheSameMachine() throws Exception {
        // the default engine (Libbulletjme's native Bullet): promised only on the same machine and build, as here
        Path report = dir.resolve("native/result.json");
        Process p = java(
                List.of(),
                "native",
                "--server.port=0",
                "--orrery.world=worlds/gazebo/diff_drive.sdf",
                "--orrery.real-time-factor=0",
                "--orrery.stop-after-steps=500",
                "--orrery.exit-on-stop=true",
                "--orrery.transport.enabled=false",
                "--orrery.status-log-interval=0s",
                "--orrery.report=" + report);
        assertThat(p.waitFor(300, TimeUnit.SECONDS))
                .as("the run ends: %s", log("native"))
                .isTrue();
        assertThat(p.exitValue()).as(log("native")).isZero();
        assertThat(JSON.readTree(report.toFile()).get("recording").asText()).isEqualTo("result.mcap");
        Result replay = replay(dir.resolve("native/result.mcap"), List.of(), "replay-native");
        assertThat(replay.code).as(replay.out).isZero();
        assertThat(replay.out).contains("orrery replay: identical through step 500");
    }

    /** Copies {@code from}, the published Twist's linear x negated when {@code flip}, its state hash kind set. */
    private static void rewrite(Path from, Path to, boolean flip, String stateHash) throws IOException {
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
            int flips = 0;
            McapMessageCursor cursor = r.messages();
            McapMessage m;
            while ((m = cursor.next()) != null) {
                byte[] data = m.data();
                if (flip && topics.get(m.channelId()).equals(ReplayJournal.COMMANDS)) {
                    ObjectNode c = (ObjectNode) JSON.readTree(data);
                    if (c.path("name").asText().equals("publish")) {
                        Twist t = Twist.parseFrom(
                                Base64.getDecoder().decode(c.path("data").asText()));
                        Twist back = t.toBuilder()
                                .setLinear(t.getLinear().toBuilder()
                                        .setX(-t.getLinear().getX()))
                                .build();
                        c.put("data", Base64.getEncoder().encodeToString(back.toByteArray()));
                        data = JSON.writeValueAsBytes(c);
                        flips++;
                    }
                }
                w.addMessage(channels.get(m.channelId()), m.sequence(), m.logTime(), m.publishTime(), data);
            }
            assertThat(flips).as("the recording holds the one published Twist").isEqualTo(flip ? 1 : 0);
            for (McapAttachmentIndex a : r.attachments()) {
                w.addAttachment(r.attachment(a));
            }
            for (McapMetadata md : r.metadata()) {
                if (md.name().equals(ReplayJournal.METADATA)) {
                    Map<String, String> kept = new HashMap<>(md.metadata());
                    assertThat(kept).containsEntry(ReplayJournal.STATE_HASH, ReplayJournal.STATE_HASH_KIND);
                    kept.put(ReplayJournal.STATE_HASH, stateHash);
                    md = new McapMetadata(md.name(), kept);
                }
                w.addMetadata(md);
            }
        }
    }

    private static List<Map<String, Object>> commands(McapReader r) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        int id = r.channels().values().stream()
                .filter(c -> c.topic().equals(ReplayJournal.COMMANDS))
                .findFirst()
                .orElseThrow()
                .id();
        McapMessageCursor cursor = r.messages(java.util.Set.of(id));
        McapMessage m;
        while ((m = cursor.next()) != null) {
            @SuppressWarnings("unchecked")
            Map<String, Object> c = JSON.readValue(m.data(), Map.class);
            out.add(c);
        }
        return out;
    }

    private static Map<String, String> metadata(McapReader r, String name) throws IOException {
        return r.metadata().stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .orElseThrow()
                .metadata();
    }

    private record Result(int code, String out) {}

    private static Result replay(Path file, List<String> jvm, String name) throws Exception {
        Process p = java(jvm, name, "--orrery.replay=" + file, "--orrery.status-log-interval=0s");
        // -Xint starts Spring and steps 300 times interpreted: minutes on a loaded machine, never hours
        assertThat(p.waitFor(600, TimeUnit.SECONDS))
                .as("the replay ends: %s", log(name))
                .isTrue();
        return new Result(p.exitValue(), log(name));
    }

    private static Process java(List<String> jvm, String name, String... args) throws IOException {
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

    private static String log(String name) {
        try {
            return Files.readString(dir.resolve(name + ".log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static void post(HttpClient http, String url, String json) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(60))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                body());
        assertThat(r.statusCode()).as("%s: %s", url, r.body()).isBetween(200, 299);
    }

    private static HttpResponse.BodyHandler<String> body() {
        return HttpResponse.BodyHandlers.ofString();
    }
}
