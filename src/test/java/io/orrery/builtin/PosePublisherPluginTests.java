package io.orrery.builtin;

import static io.orrery.builtin.BuiltinTestSupport.spec;
import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.builtin.PosePublisherPlugin.ModelPose;
import io.orrery.builtin.PosePublisherPlugin.Poses;
import io.orrery.event.EventSink;
import io.orrery.physics.ModelState;
import io.orrery.physics.Twist;
import io.orrery.plugin.CollectingSink;
import io.orrery.plugin.FakeWorldAccess;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.PluginOwner;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.plugin.internal.PluginHost;
import io.orrery.plugin.internal.PluginHostOptions;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PosePublisherPluginTests {

    private static final Pose ROBOT_AT = Pose.of(1, 2, 0.5, 0, 0, 0.3);
    private static final Pose BOX_AT = Pose.translation(-3, 0, 0.25);

    private final FakeWorldAccess world = new FakeWorldAccess(snapshot(10, ROBOT_AT));
    private final CollectingSink sink = new CollectingSink();
    private PluginHost host;
    /** The thread of the latest publication. */
    private volatile Thread publishingThread;

    @AfterEach
    void end() {
        if (host != null) {
            host.endAll();
        }
    }

    private static WorldSnapshot snapshot(long iteration, Pose robot) {
        return new WorldSnapshot(
                "yard",
                iteration,
                iteration * 1_000_000L,
                List.of(
                        new ModelState("robot", robot, Twist.ZERO, false, List.of()),
                        new ModelState("box", BOX_AT, Twist.ZERO, false, List.of())),
                2);
    }

    private PluginHost start(PluginSpec spec) {
        PluginRegistry registry = Extensions.discovered().plugins();
        EventSink recordingThread = (event, payload) -> {
            publishingThread = Thread.currentThread();
            sink.emit(event, payload);
        };
        host = new PluginHost(
                registry,
                List.of(new OwnedPluginSpec(PluginOwner.world(), spec)),
                world,
                recordingThread,
                PluginHostOptions.defaults());
        host.startAll(Duration.ofSeconds(20));
        return host;
    }

    @Test
    void publishesTheSelectedModelsPosesFromTheSnapshot() throws Exception {
        start(spec("poses", "orrery-pose-publisher", "update_rate", "50", "model", "robot"));

        CollectingSink.Emitted first = sink.next();
        assertThat(first.event()).isEqualTo("poses");
        assertThat(first.payload()).isEqualTo(new Poses("yard", 10, 0.01, List.of(new ModelPose("robot", ROBOT_AT))));

        Pose moved = Pose.translation(4, 5, 0.5);
        world.set(snapshot(11, moved));
        Poses latest = (Poses) first.payload();
        for (int i = 0; i < 500 && latest.iteration() != 11; i++) {
            latest = (Poses) sink.next().payload();
        }
        assertThat(latest.models()).containsExactly(new ModelPose("robot", moved));
    }

    @Test
    void publishesEveryModelWithoutModelElementsAndStopsWhenEnded() throws Exception {
        start(spec("poses", "orrery-pose-publisher", "update_rate", "100"));

        Poses poses = (Poses) sink.next().payload();
        assertThat(poses.models()).extracting(ModelPose::name).containsExactly("robot", "box");
        assertThat(poses.models().get(1).pose()).isEqualTo(BOX_AT);

        Thread timer = publishingThread;
        host.endAll();
        // Silent for good: the timer thread, the only one that publishes, ends (a wait for that, not for silence).
        timer.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(timer.isAlive())
                .as("the publisher's timer thread after end()")
                .isFalse();
    }

    @Test
    void aBadRateFailsThePluginNamingTheElement() {
        start(spec("poses", "orrery-pose-publisher", "update_rate", "fast"));

        PluginStatus status = host.statuses().get(0);
        assertThat(status.state()).isEqualTo(PluginState.FAILED);
        assertThat(status.error())
                .contains("awake failed: plugin 'poses' (orrery-pose-publisher, line 7): "
                        + "<update_rate> must be a rate in Hz above 0 and at most 1000, got 'fast'");
    }
}
