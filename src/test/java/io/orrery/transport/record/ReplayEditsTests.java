package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.api.ControlClient;
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
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay of world edits and of a controller in the loop: two runs of the diff-drive world on JBullet, each recorded
 * in a JVM of its own and replayed in another with {@code --orrery.replay}. One spawns two models over HTTP,
 * teleports one, makes the other static and removes it; the other is driven by a controller over the control
 * WebSocket (Twists published with its lockstep steps, a seeded reset). Both replay identically; with the recorded
 * teleport's pose moved in a copy of the file, the replay names the step after it and the model teleported.
 */
class ReplayEditsTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The teleport is applied after this step. */
    private static final long TELEPORT_STEP = 50;

    private static final long EDITS_STEPS = 150;
    private static final long LOCKSTEP_STEPS = 40 + 60 + 50;

    private static final String CRATE = "<sdf version='1.9'><model name='crate'><pose>4 5 0.6 0 0 0.3</pose>"
            + "<link name='box'><inertial><mass>2</mass><inertia><ixx>0.0833</ixx><iyy>0.0833</iyy>"
            + "<izz>0.0833</izz></inertia></inertial>"
            + "<collision name='c'><geometry><box><size>0.5 0.5 0.5</size></box></geometry></collision>"
            + "</link></model></sdf>";
    private static final String BALL = "<sdf version='1.9'><model name='ball'><pose>-4 -5 1 0 0 0</pose>"
            + "<link name='sphere'><inertial><mass>1</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy>"
            + "<izz>0.01</izz></inertia></inertial>"
            + "<collision name='c'><geometry><sphere><radius>0.15</radius></sphere></geometry></collision>"
            + "</link></model></sdf>";

    @TempDir
    static Path dir;

    static Path edits;
    static Path lockstep;

    @BeforeAll
    static void record() throws Exception {
        edits = dir.resolve("edits.mcap");
        run("edits", edits, (base) -> {
            step(base, 20);
            call("POST", base + "/models", "application/xml", CRATE);
            call("POST", base + "/models", "application/xml", BALL);
            step(base, TELEPORT_STEP - 20);
            call(
                    "PUT",
                    base + "/models/crate/pose",
                    "application/json",
                    "{\"x\": 5, \"y\": 6, \"z\": 0.5, \"roll\": 0, \"pitch\": 0, \"yaw\": 0.1}");
            step(base, 30);
            call("PUT", base + "/models/ball/static", "application/json", "{\"value\": true}");
            step(base, 30);
            call("DELETE", base + "/models/ball", "application/json", "");
            step(base, EDITS_STEPS - TELEPORT_STEP - 60);
            return null;
        });
        lockstep = dir.resolve("lockstep.mcap");
        run("lockstep", lockstep, (base) -> {
            int port = URI.create(base).getPort();
            try (ControlClient c = ControlClient.connect(port)) {
                answered(c, c.request("acquire"), "acquired");
                answered(c, lockstepStep(c, 40, 0.5, 0.2), "stepped");
                answered(c, lockstepStep(c, 60, -0.3, 0.4), "stepped");
                ObjectNode reset = c.request("reset");
                reset.put("seed", 7);
                answered(c, reset, "reset");
                answered(c, lockstepStep(c, 50, 0.8, -0.1), "stepped");
                answered(c, c.request("release"), "released");
            }
            return null;
        });
    }

    @Test
    void spawnsTeleportsStaticFlagsAndRemovalsReplayIdentically() throws Exception {
        try (McapReader r = McapReader.open(edits)) {
            List<String> names =
                    commands(r).stream().map(c -> c.path("name").asText()).toList();
            assertThat(names).contains("spawn", "teleport", "set-static", "remove");
        }
        Result replay = replay(edits, "replay-edits");
        assertThat(replay.code).as(replay.out).isZero();
        assertThat(replay.out).contains("orrery replay: identical through step " + EDITS_STEPS);
    }

    @Test
    void aControllersLockstepStepsAndSeededResetReplayIdentically() throws Exception {
        try (McapReader r = McapReader.open(lockstep)) {
            List<JsonNode> steps = commands(r).stream()
                    .filter(c -> c.path("name").asText().equals("step"))
                    .toList();
            // each step's Twist is journaled at the step it went out before: 0, 40, then 0 again after the reset
            // (the journal counts from the run's start: 100); the file orders them by sim time, which restarts
            assertThat(steps).extracting(c -> c.path("step").asLong()).containsExactlyInAnyOrder(0L, 40L, 100L);
            assertThat(steps).allSatisfy(c -> assertThat(c.path("publish")).hasSize(1));
            assertThat(commands(r)).anySatisfy(c -> {
                assertThat(c.path("name").asText()).isEqualTo("reset");
                assertThat(c.path("seed").asLong()).isEqualTo(7);
            });
        }
        Result replay = replay(lockstep, "replay-lockstep");
        assertThat(replay.code).as(replay.out).isZero();
        assertThat(replay.out).contains("orrery replay: identical through step " + LOCKSTEP_STEPS);
    }

    @Test
    void aMovedTeleportIsReportedAtTheStepAfterItWithTheModel() throws Exception {
        Path moved = dir.resolve("moved.mcap");
        rewrite(edits, moved, c -> {
            if (!c.path("name").asText().equals("teleport")) {
                return false;
            }
            ArrayNode pose = (ArrayNode) c.get("pose");
            pose.set(0, pose.get(0).asDouble() + 0.5);
            return true;
        });
        Result replay = replay(moved, "replay-moved");
        assertThat(replay.code).as(replay.out).isEqualTo(ReplayRun.DIFFERS);
        // The teleport lands between steps 50 and 51: step 50's state was hashed before it, step 51's after it.
        assertThat(replay.out)
                .contains("orrery replay: step " + (TELEPORT_STEP + 1) + " differs: model crate, link box");
    }

    @Test
    void aMovedSpawnIsReportedAtTheStepAfterItWithTheModel() throws Exception {
        Path moved = dir.resolve("moved-spawn.mcap");
        rewrite(edits, moved, c -> {
            if (!c.path("name").asText().equals("spawn")
                    || !c.path("model").asText().equals("crate")) {
                return false;
            }
            c.put("sdf", c.path("sdf").asText().replace("<pose>4 5 0.6", "<pose>4 5.5 0.6"));
            return true;
        });
        Result replay = replay(moved, "replay-moved-spawn");
        assertThat(replay.code).as(replay.out).isEqualTo(ReplayRun.DIFFERS);
        // spawned after step 20: step 21 is the first whose state holds it
        assertThat(replay.out).contains("orrery replay: step 21 differs: model crate, link box");
    }

    @Test
    void anEditInAFileOfTheEarlierFormatIsRefusedByName() throws Exception {
        Path older = dir.resolve("older.mcap");
        // as an Orrery before commands_format 2 wrote it: no format, a spawn without its data
        rewrite(
                edits,
                older,
                c -> {
                    if (!c.path("name").asText().equals("spawn")
                            || !c.path("model").asText().equals("crate")) {
                        return false;
                    }
                    c.retain("step", "name");
                    return true;
                },
                md -> md.remove(ReplayJournal.COMMANDS_FORMAT));
        Result replay = replay(older, "replay-older");
        assertThat(replay.code).as(replay.out).isEqualTo(ReplayRun.CANNOT);
        assertThat(replay.out)
                .contains("cannot be replayed: step 20 holds a 'spawn' command recorded without its data (by an"
                        + " Orrery before commands_format 2");
    }

    private static ObjectNode lockstepStep(ControlClient c, int count, double x, double z) {
        ObjectNode s = c.request("step");
        s.put("count", count);
        ObjectNode twist = s.putObject("publish").putObject("/model/vehicle_blue/cmd_vel");
        twist.putObject("linear").put("x", x);
        twist.putObject("angular").put("z", z);
        return s;
    }

    private static void answered(ControlClient c, ObjectNode request, String op) throws Exception {
        JsonNode answer = c.call(request);
        assertThat(answer.path("op").asText()).as("%s: %s", request, answer).isEqualTo(op);
    }

    /** Copies {@code from}, each journal command passed through {@code edit}; exactly one must be changed. */
    private static void rewrite(Path from, Path to, Function<ObjectNode, Boolean> edit) throws IOException {
        rewrite(from, to, edit, md -> {});
    }

    /** {@link #rewrite(Path, Path, Function)}, the {@code orrery.replay} metadata passed through {@code replay}. */
    private static void rewrite(
            Path from, Path to, Function<ObjectNode, Boolean> edit, Consumer<Map<String, String>> replay)
            throws IOException {
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
            int edited = 0;
            McapMessageCursor cursor = r.messages();
            McapMessage m;
            while ((m = cursor.next()) != null) {
                byte[] data = m.data();
                if (topics.get(m.channelId()).equals(ReplayJournal.COMMANDS)) {
                    ObjectNode c = (ObjectNode) JSON.readTree(data);
                    if (edit.apply(c)) {
                        data = JSON.writeValueAsBytes(c);
                        edited++;
                    }
                }
                w.addMessage(channels.get(m.channelId()), m.sequence(), m.logTime(), m.publishTime(), data);
            }
            assertThat(edited).as("one recorded command is changed").isEqualTo(1);
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
    }

    private static List<JsonNode> commands(McapReader r) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        int id = r.channels().values().stream()
                .filter(c -> c.topic().equals(ReplayJournal.COMMANDS))
                .findFirst()
                .orElseThrow()
                .id();
        McapMessageCursor cursor = r.messages(java.util.Set.of(id));
        McapMessage m;
        while ((m = cursor.next()) != null) {
            out.add(JSON.readTree(m.data()));
        }
        return out;
    }

    private interface Script {
        Void drive(String base) throws Exception;
    }

    /** Records a run of the paused diff-drive world on JBullet that {@code script} drives, then stops it. */
    private static void run(String name, Path file, Script script) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process p = java(
                name,
                "--server.port=" + port,
                "--orrery.world=worlds/gazebo/diff_drive.sdf",
                "--orrery.physics.engine=jbullet",
                "--orrery.start-paused=true",
                "--orrery.exit-on-stop=true",
                "--orrery.transport.enabled=false",
                "--orrery.status-log-interval=0s",
                "--orrery.record.path=" + file);
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
                        .as("the recording JVM is running: %s", log(name))
                        .isTrue();
            }
            assertThat(System.nanoTime()).as("the recording JVM starts").isLessThan(deadline);
            Thread.sleep(200);
        }
        try {
            script.drive(base);
            call("POST", base + "/simulation/stop", "application/json", "");
        } finally {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        assertThat(file).as(log(name)).isRegularFile();
    }

    private static void step(String base, long count) throws Exception {
        call("POST", base + "/simulation/step?count=" + count, "application/json", "");
    }

    private static void call(String method, String url, String type, String body) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(url))
                                .timeout(Duration.ofSeconds(60))
                                .header("Content-Type", type)
                                .method(method, HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        body());
        assertThat(r.statusCode()).as("%s %s: %s", method, url, r.body()).isBetween(200, 299);
    }

    private record Result(int code, String out) {}

    private static Result replay(Path file, String name) throws Exception {
        Process p = java(name, "--orrery.replay=" + file, "--orrery.status-log-interval=0s");
        assertThat(p.waitFor(600, TimeUnit.SECONDS))
                .as("the replay ends: %s", log(name))
                .isTrue();
        return new Result(p.exitValue(), log(name));
    }

    private static Process java(String name, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
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

    private static HttpResponse.BodyHandler<String> body() {
        return HttpResponse.BodyHandlers.ofString();
    }
}
