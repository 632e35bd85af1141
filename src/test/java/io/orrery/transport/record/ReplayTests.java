package io.orrery.transport.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.InvalidProtocolBufferException;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.transport.record.mcap.McapAttachmentIndex;
import io.orrery.transport.record.mcap.McapReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Base64;
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
    static ReplayJvms jvms;

    @BeforeAll
    static void record() throws Exception {
        jvms = new ReplayJvms(dir);
        recorded = dir.resolve("run.mcap");
        jvms.record("record", recorded, base -> {
            ReplayJvms.step(base, COMMAND_STEP);
            ReplayJvms.call(
                    "POST",
                    base + "/topics/model/vehicle_blue/cmd_vel",
                    "{\"linear\": {\"x\": 0.5}, \"angular\": {\"z\": 0.5}}");
            ReplayJvms.step(base, STEPS - COMMAND_STEP);
        });
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
            assertThat(ReplayJvms.commands(r)).anySatisfy(c -> {
                assertThat(c.path("name").asText()).isEqualTo("publish");
                assertThat(c.path("step").asLong()).isEqualTo(COMMAND_STEP);
            });
        }
        ReplayJvms.Result replay = jvms.replay(recorded, List.of(), "replay");
        assertThat(replay.code()).as(replay.out()).isZero();
        assertThat(replay.out()).contains("orrery replay: identical through step " + STEPS);
    }

    @Test
    void anInterpretedJvmReplaysTheJitRunToTheBit() throws Exception {
        ReplayJvms.Result replay = jvms.replay(recorded, List.of("-Xint"), "replay-xint");
        assertThat(replay.code()).as(replay.out()).isZero();
        assertThat(replay.out()).contains("orrery replay: identical through step " + STEPS);
    }

    @Test
    void aFlippedCommandIsReportedAtTheFirstStepItChanges() throws Exception {
        Path flipped = dir.resolve("flipped.mcap");
        rewrite(recorded, flipped, true, ReplayJournal.STATE_HASH_KIND);
        ReplayJvms.Result replay = jvms.replay(flipped, List.of(), "replay-flipped");
        assertThat(replay.code()).as(replay.out()).isEqualTo(ReplayRun.DIFFERS);
        // Applied after step 100, the Twist is turned into wheel speeds in step 101's PostUpdate (as gz-sim's
        // DiffDrive does, DiffDrive.java), which its PreUpdate hands to the joints in step 102: the first state that
        // can differ, and the one that must.
        assertThat(replay.out())
                .contains("orrery replay: step " + (COMMAND_STEP + 2) + " differs: model vehicle_blue, link chassis");
    }

    @Test
    void aRecordingWithStateHashesOfAnotherKindIsRefused() throws Exception {
        Path older = dir.resolve("older.mcap");
        rewrite(recorded, older, false, "link-1");
        ReplayJvms.Result replay = jvms.replay(older, List.of(), "replay-older");
        assertThat(replay.code()).as(replay.out()).isEqualTo(ReplayRun.CANNOT);
        assertThat(replay.out())
                .contains("its state hashes are not of the kind this Orrery computes (state_hash link-1");
    }

    @Test
    void aHeadlessRunOnNativeBulletReplaysOnTheSameMachine() throws Exception {
        // the default engine (Libbulletjme's native Bullet): promised only on the same machine and build, as here
        Path report = dir.resolve("native/result.json");
        Process p = jvms.java(
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
                .as("the run ends: %s", jvms.log("native"))
                .isTrue();
        assertThat(p.exitValue()).as(jvms.log("native")).isZero();
        assertThat(JSON.readTree(report.toFile()).get("recording").asText()).isEqualTo("result.mcap");
        ReplayJvms.Result replay = jvms.replay(dir.resolve("native/result.mcap"), List.of(), "replay-native");
        assertThat(replay.code()).as(replay.out()).isZero();
        assertThat(replay.out()).contains("orrery replay: identical through step 500");
    }

    /** Copies {@code from}, the published Twist's linear x negated when {@code flip}, its state hash kind set. */
    private static void rewrite(Path from, Path to, boolean flip, String stateHash) throws IOException {
        int flips = ReplayJvms.rewrite(
                from,
                to,
                c -> {
                    if (!flip || !c.path("name").asText().equals("publish")) {
                        return false;
                    }
                    try {
                        Twist t = Twist.parseFrom(
                                Base64.getDecoder().decode(c.path("data").asText()));
                        Twist back = t.toBuilder()
                                .setLinear(t.getLinear().toBuilder()
                                        .setX(-t.getLinear().getX()))
                                .build();
                        c.put("data", Base64.getEncoder().encodeToString(back.toByteArray()));
                    } catch (InvalidProtocolBufferException e) {
                        throw new AssertionError("the recorded publish holds a Twist", e);
                    }
                    return true;
                },
                md -> {
                    assertThat(md).containsEntry(ReplayJournal.STATE_HASH, ReplayJournal.STATE_HASH_KIND);
                    md.put(ReplayJournal.STATE_HASH, stateHash);
                });
        assertThat(flips).as("the recording holds the one published Twist").isEqualTo(flip ? 1 : 0);
    }

    private static Map<String, String> metadata(McapReader r, String name) throws IOException {
        return r.metadata().stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .orElseThrow()
                .metadata();
    }
}
