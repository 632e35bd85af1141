package io.orrery.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.physics.JointState;
import io.orrery.physics.ModelState;
import io.orrery.physics.UnknownModelException;
import io.orrery.runner.port.CommandRefusedException;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.ControlHeldException;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.topic.TopicMessage;
import io.orrery.topic.UnknownTopicException;
import io.orrery.topic.msgs.Messages;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A controller in the loop on Gazebo's diff_drive.sdf: lockstep steps with actions and observations, the hold. */
class LockstepTests {

    static final String CMD = "/model/vehicle_blue/cmd_vel";
    static final String ODOM = "/model/vehicle_blue/odometry";
    static final long STEP = 1_000_000; // diff_drive.sdf's 1 ms
    /**
     * DiffDrive's limiter lets the wheel speed target grow by a·dt per step: 1 m/s² · 1 ms over a 0.3 m wheel radius
     * is 0.0033 rad/s after the first step; half of that shows the command had reached DiffDrive by then.
     */
    static final double DRIVEN_FIRST_STEP = 0.5 * 1.0 * 0.001 / 0.3;

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void anActionPublishedWithAStepReachesTheSystemsBeforeTheFirstStepOfTheBatch() throws Exception {
        SimulationRunner runner = sim.startPaused(GazeboSystemRunner.gzWorld("diff_drive.sdf"));

        StepResult idle = get(runner.hold().step(new StepRequest(2, Map.of(), List.of(), List.of("vehicle_blue"))));
        StepResult driven = get(
                runner.hold().step(new StepRequest(2, Map.of(CMD, forward(0.5)), List.of(), List.of("vehicle_blue"))));

        // Without a command the wheels only settle (the chassis sinks onto them under gravity: measured -3.1e-5
        // rad/s). Gazebo's DiffDrive computes wheel speeds in PostUpdate and commands them in the next PreUpdate, so
        // a command it has before the first step's PostUpdate turns the wheels in the second step; one delivered
        // at the first StepEnd would turn them only in the third.
        System.out.printf("two steps: idle %.3g rad/s, driven %.3g rad/s%n", wheelSpeed(idle), wheelSpeed(driven));
        assertThat(Math.abs(wheelSpeed(idle))).isLessThan(1e-4);
        assertThat(wheelSpeed(driven)).isGreaterThan(DRIVEN_FIRST_STEP);
        assertThat(driven.status().iterations()).isEqualTo(4);
        assertThat(driven.status().paused()).isTrue();
    }

    @Test
    void observationsAreTheLatestMessagesStampedWithTheSimTimeTheyWerePublishedAt() throws Exception {
        SimulationRunner runner = sim.startPaused(GazeboSystemRunner.gzWorld("diff_drive.sdf"));

        StepResult first = get(runner.hold().step(new StepRequest(1, Map.of(), List.of(ODOM), List.of())));
        StepResult second = get(runner.hold().step(new StepRequest(999, Map.of(), List.of(ODOM), List.of())));
        StepResult result = get(runner.hold()
                .step(new StepRequest(1500, Map.of(CMD, forward(0.5)), List.of(ODOM), List.of("vehicle_blue"))));

        // vehicle_blue's odometry is published at 1 Hz, the first once a period has passed (at 1 s): after 2,500
        // steps the latest is the one of 2 s, stamped 2 s in its header and by the bus.
        assertThat(first.observations()).containsEntry(ODOM, null);
        assertThat(second.observations().get(ODOM).simTimeNanos()).isEqualTo(1_000_000_000L);
        TopicMessage odom = result.observations().get(ODOM);
        assertThat(result.status().simTimeNanos()).isEqualTo(2500 * STEP);
        assertThat(odom.simTimeNanos()).isEqualTo(2_000_000_000L);
        Odometry message = (Odometry) odom.message();
        assertThat(message.getHeader().getStamp().getSec()).isEqualTo(2);
        assertThat(message.getTwist().getLinear().getX()).isPositive();
        assertThat(result.models()).extracting(ModelState::name).containsExactly("vehicle_blue");
    }

    /** gz sim builds its clock only for subscribers: a controller observing it is one. */
    @Test
    void anObservedWorldClockIsBuiltDuringTheSteps() throws Exception {
        SimulationRunner runner = sim.startPaused(GazeboSystemRunner.gzWorld("diff_drive.sdf"));
        String clock = "/world/diff_drive/clock";

        StepResult result = get(runner.hold().step(new StepRequest(3, Map.of(), List.of(clock), List.of())));

        assertThat(result.observations().get(clock))
                .as("the clock of the last step")
                .isNotNull()
                .extracting(TopicMessage::simTimeNanos)
                .isEqualTo(3 * STEP);
    }

    @Test
    void whileAControllerHoldsTheSimulationOthersAreRefusedNamingItAndMayStillReadAndStop() throws Exception {
        SimulationRunner runner = sim.startPaused(GazeboSystemRunner.gzWorld("diff_drive.sdf"));
        get(runner.control().resume());
        ControlHandle handle = get(runner.hold().acquire("controller A"));
        long acquiredAt = runner.reads().status().iterations();

        assertThat(runner.reads().status().paused()).as("acquiring pauses").isTrue();
        for (CompletableFuture<?> refused : List.of(
                runner.control().resume(),
                runner.control().step(5),
                runner.control().reset(),
                runner.control().setRealTimeFactor(2),
                runner.topics().publish(CMD, forward(1)),
                runner.edits().teleport("vehicle_blue", io.orrery.world.Pose.IDENTITY),
                runner.hold().acquire("controller B"))) {
            Throwable t = catchThrowable(() -> get(refused));
            assertThat(t)
                    .isInstanceOf(ControlHeldException.class)
                    .hasMessageContaining("held by controller A")
                    .hasMessageContaining("allowed: stop");
        }
        assertThat(runner.reads().allowedCommands()).containsExactly("stop");
        assertThat(runner.hold().controller()).contains("controller A");
        assertThat(get(runner.hold().observe(List.of(ODOM), List.of("vehicle_blue")))
                        .models())
                .hasSize(1);

        StepResult stepped = get(handle.step(StepRequest.steps(10)));
        assertThat(stepped.status().iterations()).isEqualTo(acquiredAt + 10);
        get(handle.release());

        assertThat(runner.hold().controller()).isEmpty();
        assertThat(runner.reads().status().paused())
                .as("released, the world stays paused")
                .isTrue();
        assertThat(get(runner.control().step(5)).iterations()).isEqualTo(acquiredAt + 15);
        Throwable late = catchThrowable(() -> get(handle.step(StepRequest.steps(1))));
        assertThat(late).isInstanceOf(CommandRefusedException.class).hasMessageContaining("no longer holds");
    }

    @Test
    void aRequestNamingAnUnknownTopicOrModelChangesNothing() throws Exception {
        SimulationRunner runner = sim.startPaused(GazeboSystemRunner.gzWorld("diff_drive.sdf"));

        Throwable topic = catchThrowable(() -> get(runner.hold()
                .step(new StepRequest(10, Map.of(CMD, forward(1)), List.of("/no/such/topic"), List.of()))));
        Throwable model = catchThrowable(() -> get(
                runner.hold().step(new StepRequest(10, Map.of(CMD, forward(1)), List.of(), List.of("no_such_model")))));
        Throwable unsubscribed = catchThrowable(() -> get(runner.hold()
                .step(new StepRequest(10, Map.of(ODOM, Odometry.getDefaultInstance()), List.of(), List.of()))));

        assertThat(topic).isInstanceOf(UnknownTopicException.class).hasMessageContaining("/no/such/topic");
        assertThat(model).isInstanceOf(UnknownModelException.class).hasMessageContaining("no_such_model");
        assertThat(unsubscribed)
                .isInstanceOf(UnknownTopicException.class)
                .hasMessageContaining("nothing subscribes to '" + ODOM + "'");
        StepResult after = get(runner.hold().step(new StepRequest(1, Map.of(), List.of(), List.of("vehicle_blue"))));
        assertThat(after.status().iterations()).as("nothing stepped before").isEqualTo(1);
        assertThat(Math.abs(wheelSpeed(after))).as("nothing published before").isLessThan(1e-4);
    }

    @Test
    void aResetByTheControllerStartsTheEpisodeAsAtLoadAndObservesTheModelsThere() throws Exception {
        SimulationRunner runner = sim.startPaused(GazeboSystemRunner.gzWorld("diff_drive.sdf"));
        ControlHandle handle = get(runner.hold().acquire("controller"));
        ModelState atLoad = get(runner.hold().observe(List.of(), List.of("vehicle_blue")))
                .models()
                .get(0);
        get(handle.step(new StepRequest(1500, Map.of(CMD, forward(1)), List.of(), List.of())));

        StepResult reset = get(handle.reset(OptionalLong.of(7), List.of(ODOM), List.of("vehicle_blue")));

        assertThat(reset.status().simTimeNanos()).isZero();
        assertThat(reset.observations()).containsEntry(ODOM, null); // nothing published yet in this episode
        assertThat(reset.models().get(0).pose()).isEqualTo(atLoad.pose());
        assertThat(runner.hold().controller()).as("a reset keeps the hold").contains("controller");
    }

    static double wheelSpeed(StepResult r) {
        return r.models()
                .get(0)
                .joint("left_wheel_joint")
                .map(JointState::velocity)
                .orElseThrow();
    }

    static Twist forward(double speed) {
        return Twist.newBuilder().setLinear(Messages.vector(speed, 0, 0)).build();
    }

    static <T> T get(CompletableFuture<T> f) throws Exception {
        try {
            return f.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }
}
