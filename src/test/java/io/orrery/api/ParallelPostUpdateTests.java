package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gz.msgs.DoubleProtos;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.system.PostUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Scope;

/**
 * {@code orrery.parallel-post-update=true} gives the same episodes as the serial mode, bit for bit: every message with
 * the same content, sim time and sequence number, answered in the step that published it; a PostUpdate that reads a
 * snapshot on a pool thread (PosePublisher's first, the probe's every one) gets the world as this step left it and
 * does not wait on the runner, which waits on it. Black-box: real servers, lockstep episodes over the control
 * WebSocket; every call there gives up after 60 s with "no answer to ...", so a deadlock fails the test, never hangs
 * it.
 */
class ParallelPostUpdateTests {

    static final int STEPS = 400;
    static final String SNAPSHOT_ITERATION = "/pendulum/snapshot_iteration";
    static final String SNAPSHOT_ARM_X = "/pendulum/snapshot_arm_x";
    static final List<String> TOPICS = List.of(
            "/pendulum/imu",
            "/pendulum/altimeter",
            "/pendulum/magnetometer",
            "/world/post_update_systems/model/pendulum/joint_state",
            "/model/pendulum/pose",
            "/model/pendulum/odometry",
            "/crate/contacts",
            "/crate/touched",
            "/mast/scan",
            SNAPSHOT_ITERATION,
            SNAPSHOT_ARM_X);

    @TempDir
    Path dir;

    @Test
    void parallelPostUpdateGivesTheSerialEpisodesBitForBit() throws Exception {
        assertThat(Runtime.getRuntime().availableProcessors())
                .as("PostUpdate runs in parallel only on 2 or more" + " processors: this test needs them")
                .isGreaterThan(1);
        Path world = Files.copy(
                Path.of("src/test/resources/worlds/post_update_systems.sdf"), dir.resolve("post_update_systems.sdf"));

        // Both modes run whatever the other gave, so a failure shows both.
        String serial = attempt(() -> episodes(world, false));
        String parallel = attempt(() -> episodes(world, true));

        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(serial).as("the serial mode").doesNotStartWith("failed");
            softly.assertThat(parallel)
                    .as("the parallel mode's episodes, against the serial mode's")
                    .isEqualTo(serial);
        });
    }

    /** The mode's hash, or why it failed. */
    private static String attempt(Callable<String> mode) {
        try {
            return mode.call();
        } catch (AssertionError | Exception e) {
            return "failed: " + e.getMessage().strip().replaceAll("\\s+", " ");
        }
    }

    /** Two episodes (the first after load, one after a reset) in one mode: the hash of every answer, ids left out. */
    private static String episodes(Path world, boolean parallel) throws Exception {
        try (LockstepServer server = LockstepServer.start(
                        List.of(ProbeConfiguration.class), world, "--orrery.parallel-post-update=" + parallel);
                ControlClient c = server.connect()) {
            assertThat(server.runner().reads().status().state()).isNotNull();
            c.call(c.request("acquire"));
            MessageDigest hash = MessageDigest.getInstance("SHA-256");
            episode(c, hash, parallel);
            LockstepServer.reset(c);
            episode(c, hash, parallel);
            return HexFormat.of().formatHex(hash.digest()).substring(0, 16);
        }
    }

    private static void episode(ControlClient c, MessageDigest hash, boolean parallel) throws Exception {
        for (int k = 1; k <= STEPS; k++) {
            ObjectNode step = c.request("step");
            TOPICS.forEach(step.putArray("observe")::add);
            step.putArray("models").add("pendulum").add("crate");
            JsonNode answer = c.call(step);
            assertThat(answer.get("op").asText())
                    .as("parallel %s, step %d: %s", parallel, k, answer)
                    .isEqualTo("stepped");
            // The probe's snapshot, read in this step's PostUpdate, is the world as this step left it.
            assertThat(answer.at("/observations/" + SNAPSHOT_ITERATION.replace("/", "~1") + "/message/data")
                            .asLong())
                    .as("parallel %s, step %d: the snapshot's iteration", parallel, k)
                    .isEqualTo(k);
            ((ObjectNode) answer).remove("id");
            hash.update(answer.toString().getBytes(StandardCharsets.UTF_8));
        }
        assertThat(c.call(c.request("observe")).get("op").asText()).isEqualTo("observed");
    }

    /**
     * A PostUpdate system that reads a snapshot every step (from a pool thread in the parallel mode) and publishes
     * what it saw: the snapshot's iteration and the arm's x.
     */
    @OrreryPlugin(filename = "orrery-test-snapshot-probe")
    static final class SnapshotProbe implements Plugin, PostUpdate, Stateless {

        private PluginContext context;
        private Publisher<DoubleProtos.Double> iteration;
        private Publisher<DoubleProtos.Double> armX;

        @Override
        public void awake(PluginContext ctx) {
            context = ctx;
            iteration = ctx.topics().advertise(SNAPSHOT_ITERATION, DoubleProtos.Double.class, ctx.qualifiedName());
            armX = ctx.topics().advertise(SNAPSHOT_ARM_X, DoubleProtos.Double.class, ctx.qualifiedName());
        }

        @Override
        public void start(PluginContext ctx) {}

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            if (info.paused()) {
                return;
            }
            WorldSnapshot snapshot = context.snapshot();
            iteration.publish(DoubleProtos.Double.newBuilder()
                    .setData(snapshot.iteration())
                    .build());
            armX.publish(DoubleProtos.Double.newBuilder()
                    .setData(snapshot.model("pendulum")
                            .flatMap(m -> m.link("arm"))
                            .map(LinkState::pose)
                            .orElseThrow()
                            .x())
                    .build());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class ProbeConfiguration {

        @Bean
        @Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
        SnapshotProbe snapshotProbe() {
            return new SnapshotProbe();
        }
    }
}
