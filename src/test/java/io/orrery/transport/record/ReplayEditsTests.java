package io.orrery.transport.record;

import static io.orrery.transport.record.ReplayJvms.call;
import static io.orrery.transport.record.ReplayJvms.step;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.api.ControlClient;
import io.orrery.transport.record.mcap.McapReader;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
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
    static ReplayJvms jvms;

    @BeforeAll
    static void record() throws Exception {
        jvms = new ReplayJvms(dir);
        edits = dir.resolve("edits.mcap");
        jvms.record("edits", edits, base -> {
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
        });
        lockstep = dir.resolve("lockstep.mcap");
        jvms.record("lockstep", lockstep, base -> {
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
        });
    }

    @Test
    void spawnsTeleportsStaticFlagsAndRemovalsReplayIdentically() throws Exception {
        try (McapReader r = McapReader.open(edits)) {
            List<String> names = ReplayJvms.commands(r).stream()
                    .map(c -> c.path("name").asText())
                    .toList();
            assertThat(names).contains("spawn", "teleport", "set-static", "remove");
        }
        ReplayJvms.Result replay = replay(edits, "replay-edits");
        assertThat(replay.code()).as(replay.out()).isZero();
        assertThat(replay.out()).contains("orrery replay: identical through step " + EDITS_STEPS);
    }

    @Test
    void aControllersLockstepStepsAndSeededResetReplayIdentically() throws Exception {
        try (McapReader r = McapReader.open(lockstep)) {
            List<JsonNode> steps = ReplayJvms.commands(r).stream()
                    .filter(c -> c.path("name").asText().equals("step"))
                    .toList();
            // each step's Twist is journaled at the step it went out before: 0, 40, then 0 again after the reset
            // (the journal counts from the run's start: 100); the file orders them by sim time, which restarts
            assertThat(steps).extracting(c -> c.path("step").asLong()).containsExactlyInAnyOrder(0L, 40L, 100L);
            assertThat(steps).allSatisfy(c -> assertThat(c.path("publish")).hasSize(1));
            assertThat(ReplayJvms.commands(r)).anySatisfy(c -> {
                assertThat(c.path("name").asText()).isEqualTo("reset");
                assertThat(c.path("seed").asLong()).isEqualTo(7);
            });
        }
        ReplayJvms.Result replay = replay(lockstep, "replay-lockstep");
        assertThat(replay.code()).as(replay.out()).isZero();
        assertThat(replay.out()).contains("orrery replay: identical through step " + LOCKSTEP_STEPS);
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
        ReplayJvms.Result replay = replay(moved, "replay-moved");
        assertThat(replay.code()).as(replay.out()).isEqualTo(ReplayRun.DIFFERS);
        // The teleport lands between steps 50 and 51: step 50's state was hashed before it, step 51's after it.
        assertThat(replay.out())
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
        ReplayJvms.Result replay = replay(moved, "replay-moved-spawn");
        assertThat(replay.code()).as(replay.out()).isEqualTo(ReplayRun.DIFFERS);
        // spawned after step 20: step 21 is the first whose state holds it
        assertThat(replay.out()).contains("orrery replay: step 21 differs: model crate, link box");
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
        ReplayJvms.Result replay = replay(older, "replay-older");
        assertThat(replay.code()).as(replay.out()).isEqualTo(ReplayRun.CANNOT);
        assertThat(replay.out())
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
    private static void rewrite(Path from, Path to, Predicate<ObjectNode> edit) throws IOException {
        rewrite(from, to, edit, md -> {});
    }

    /** {@link #rewrite(Path, Path, Predicate)}, the {@code orrery.replay} metadata passed through {@code replay}. */
    private static void rewrite(Path from, Path to, Predicate<ObjectNode> edit, Consumer<Map<String, String>> replay)
            throws IOException {
        assertThat(ReplayJvms.rewrite(from, to, edit, replay))
                .as("one recorded command is changed")
                .isEqualTo(1);
    }

    private static ReplayJvms.Result replay(Path file, String name) throws Exception {
        return jvms.replay(file, List.of(), name);
    }
}
