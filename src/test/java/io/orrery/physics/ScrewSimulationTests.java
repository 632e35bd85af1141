package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Pose;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Screw joints (worlds/screw.sdf) on both engines: the child advances along the axis by pitch·θ/2π as it turns by θ,
 * pitch in m per turn, positive for a right-handed thread (SDF 1.10's screw_thread_pitch; the older thread_pitch t,
 * gazebo-classic's rad/m, positive left-handed, is -2π/t of it, as libsdformat turns it). The joint's position is
 * the turn θ, as in gz-sim (DART's ScrewJoint).
 *
 * <p>The reference is the generalized coordinate θ: a nut of mass m and axial inertia I on a screw of lead
 * k = pitch/2π (m/rad) has inertia I + m·k² in θ, and a force F along the axis is a torque k·F on it. Semi-implicit
 * Euler under a constant θ'' gives θ_n = θ''·dt²·n(n+1)/2 after n steps; that, not ½θ''t², is what both engines
 * are held to.
 */
class ScrewSimulationTests {

    static final double DT = 0.001;
    static final double G = 9.8;
    static final double PITCH = 0.1;
    static final double LEAD = PITCH / (2 * Math.PI);
    /** The press's nut. */
    static final double M = 1;

    static final double I = 0.01;

    @TempDir
    Path dir;

    SimulationFixture load(Engine engine, UnaryOperator<String> edit) throws Exception {
        Path file = dir.resolve("screw.sdf");
        Files.writeString(file, edit.apply(Files.readString(Path.of("src/test/resources/worlds/screw.sdf"))));
        SimulationFixture sim = SimulationFixture.of(engine, SimulationFixture.read(file));
        assertThat(sim.dt()).isEqualTo(DT);
        return sim;
    }

    static JointState press(PhysicsWorld world) {
        return world.joint("press", "thread").orElseThrow();
    }

    static Pose nut(PhysicsWorld world) {
        return world.model("press").orElseThrow().link("nut").orElseThrow().pose();
    }

    /** θ after n steps from rest under a constant θ''. */
    static double turned(double acceleration, long n) {
        return acceleration * DT * DT * n * (n + 1) / 2;
    }

    /**
     * Its weight turns the press's nut down its thread at θ'' = -m g k / (I + m k²) = -15.2 rad/s²: after 1 s θ is
     * within 6.1e-6 (jbullet) and 4.5e-6 (bullet) of the discrete reference, its rate within 9e-6 of θ''·t (bound 2e-5
     * relative for both). The nut's height is k·θ to g·dt² = 9.8e-6 m: the first step drops it that far before the
     * coupling has learnt its load, and that error is taken out a fifth a step (bound 1e-5 m throughout). The nut turns
     * the way θ says, clockwise seen from above as it goes down: a right-handed thread.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void theNutScrewsDownUnderItsWeightAsItsPitchSays(Engine engine) throws Exception {
        try (SimulationFixture sim = load(engine, t -> t)) {
            double acceleration = -M * G * LEAD / (I + M * LEAD * LEAD);
            double[] advance = {0};
            double[] turn = {0};
            sim.onPostStep((w, i, t) -> {
                JointState j = press(w);
                Pose p = nut(w);
                advance[0] = Math.max(advance[0], Math.abs((p.z() - 1) - LEAD * j.position()));
                // the nut's yaw is θ, wrapped
                turn[0] = Math.max(turn[0], Math.abs(Math.IEEEremainder(p.yaw() - j.position(), 2 * Math.PI)));
                assertThat(p.x()).isCloseTo(0, within(1e-6));
                assertThat(p.y()).isCloseTo(0, within(1e-6));
            });
            sim.step(1000);
            JointState j = press(sim.world());
            double expected = turned(acceleration, 1000);
            assertThat(expected).isCloseTo(-7.61, within(0.01));
            assertThat(j.position()).isCloseTo(expected, within(2e-5 * Math.abs(expected)));
            assertThat(j.velocity()).isCloseTo(acceleration * 1.0, within(2e-5 * Math.abs(acceleration)));
            assertThat(advance[0]).as("the advance against lead·θ").isLessThan(1e-5);
            assertThat(turn[0]).as("the nut's yaw against θ").isLessThan(1e-5);
        }
    }

    /**
     * The older {@code <thread_pitch>} t is -2π/t m per turn: t = -62.83 rad/m is the same right-handed 0.1 m thread,
     * so the nut goes down turning the same way, to the same θ (1e-9); t = +62.83 is a left-handed thread: it goes
     * down turning the other way, θ the negative (1e-9). When both are given, screw_thread_pitch wins.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void theOlderThreadPitchIsTurnedAsLibsdformatTurnsIt(Engine engine) throws Exception {
        double reference;
        try (SimulationFixture sim = load(engine, t -> t)) {
            sim.step(500);
            reference = press(sim.world()).position();
        }
        String older = "<screw_thread_pitch>0.1</screw_thread_pitch>";
        double t = 2 * Math.PI / PITCH;
        for (String pitch : new String[] {
            "<thread_pitch>" + -t + "</thread_pitch>",
            "<thread_pitch>" + t + "</thread_pitch>",
            "<thread_pitch>" + t + "</thread_pitch><screw_thread_pitch>0.1</screw_thread_pitch>"
        }) {
            try (SimulationFixture sim = load(engine, text -> text.replaceFirst(older, pitch))) {
                sim.step(500);
                double expected = pitch.startsWith("<thread_pitch>" + t + "</thread_pitch>") && !pitch.contains("screw")
                        ? -reference
                        : reference;
                assertThat(press(sim.world()).position()).as(pitch).isCloseTo(expected, within(1e-9));
                assertThat(nut(sim.world()).z() - 1).as(pitch).isNegative();
            }
        }
    }

    /**
     * Without gravity a torque τ = 0.01 N·m between the free bolt (2 kg, 0.02 kg·m² about the axis) and its nut (1 kg,
     * 0.01 kg·m²) turns them apart as one coordinate of inertia I_red + m_red·k² (I_red = 0.0067 kg·m², m_red =
     * 2/3 kg): within 1.5e-6 (jbullet) and 4.8e-6 (bullet) of the reference after 1 s, bound 2e-5 relative. The nut
     * advances k·θ on the bolt (2e-7 m seen, bound 1e-6 m), and what the joint does inside the pair leaves the pair's
     * momentum along the axis and its spin about it at 0 (1.7e-8 seen; bound 1e-7 kg·m/s and kg·m²/s): the coupling's
     * impulses act on both bodies, equal and opposite.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aTorqueBetweenBoltAndNutTurnsThemApartAsTheirReducedInertiaSays(Engine engine) throws Exception {
        try (SimulationFixture sim =
                load(engine, t -> t.replace("<gravity>0 0 -9.8</gravity>", "<gravity>0 0 0</gravity>"))) {
            double torque = 0.01;
            sim.onPreStep((w, i, t) -> w.setJointForce("bolt", "thread", torque));
            sim.step(1000);
            double iRed = 0.02 * 0.01 / 0.03;
            double mRed = 2.0 * 1 / 3;
            double expected = turned(torque / (iRed + mRed * LEAD * LEAD), 1000);
            JointState j = sim.world().joint("bolt", "thread").orElseThrow();
            assertThat(j.position()).isCloseTo(expected, within(2e-5 * expected));
            LinkState bolt = sim.link("bolt", "bolt");
            LinkState nut = sim.link("bolt", "nut");
            double advance = nut.pose().y() - bolt.pose().y() - 0.2;
            assertThat(advance).isCloseTo(LEAD * j.position(), within(1e-6));
            assertThat(2 * bolt.velocity().linear().y()
                            + nut.velocity().linear().y())
                    .isCloseTo(0, within(1e-7));
            assertThat(0.02 * bolt.velocity().angular().y()
                            + 0.01 * nut.velocity().angular().y())
                    .isCloseTo(0, within(1e-7));
        }
    }

    /**
     * A velocity command turns the press's nut at 2 rad/s (to 1.2e-7 rad/s seen, bound 1e-5) and so raises it at
     * 2k m/s against its weight (1.4e-7 m off over 0.5 s, bound 1e-6 m); the torque that takes is what holds the load
     * on the thread, m·g·k = 0.156 N·m (to 1e-5 N·m seen, bound 1e-4).
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aVelocityCommandTurnsTheNutAndRaisesItAgainstItsWeight(Engine engine) throws Exception {
        try (SimulationFixture sim = load(engine, t -> t)) {
            sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("press", "thread", 2));
            sim.step(200);
            double z0 = nut(sim.world()).z();
            sim.step(500);
            JointState j = press(sim.world());
            assertThat(j.velocity()).isCloseTo(2, within(1e-5));
            assertThat(nut(sim.world()).z() - z0).isCloseTo(2 * LEAD * 0.5, within(1e-6));
            assertThat(j.effort()).isCloseTo(M * G * LEAD, within(1e-4));
        }
    }

    /**
     * SDF limits a screw's turn: limited to [-3, 2] rad, the nut screws down under its weight (reaching the limit at
     * 9 rad/s after 0.63 s) and stops at θ = -3. The limit is kept between steps: the step that arrives passes it by
     * what its load adds in a step, |θ''|·dt² = 1.5e-5 rad (bound 2e-5), and once the limit's load is learnt the nut
     * rests on it (2.4e-8 rad off and 4.7e-6 rad/s after 1.5 s; bounds 1e-6 rad and 1e-4 rad/s), k·θ below its start
     * (bound 1e-6 m).
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void stopsAtItsLimit(Engine engine) throws Exception {
        try (SimulationFixture sim = load(
                engine,
                t -> t.replaceFirst(
                        "<axis><xyz>0 0 1</xyz></axis>",
                        "<axis><xyz>0 0 1</xyz><limit><lower>-3</lower><upper>2</upper></limit></axis>"))) {
            double[] lowest = {0};
            sim.onPostStep((w, i, t) -> lowest[0] = Math.min(lowest[0], press(w).position()));
            sim.step(1500);
            JointState j = press(sim.world());
            assertThat(lowest[0]).isGreaterThan(-3 - 2e-5);
            assertThat(j.position()).isCloseTo(-3, within(1e-6));
            assertThat(j.velocity()).isCloseTo(0, within(1e-4));
            assertThat(nut(sim.world()).z() - 1).isCloseTo(-3 * LEAD, within(1e-6));
        }
    }

    /** Setting a screw's position puts the nut on its thread: turned by θ and raised by k·θ (1e-6). */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void resettingItsPositionPutsTheNutOnItsThread(Engine engine) throws Exception {
        try (SimulationFixture sim = load(engine, t -> t)) {
            sim.world().resetJointPosition("press", "thread", 5);
            JointState j = press(sim.world());
            assertThat(j.position()).isCloseTo(5, within(1e-6));
            assertThat(nut(sim.world()).z() - 1).isCloseTo(5 * LEAD, within(1e-6));
            assertThat(Math.IEEEremainder(nut(sim.world()).yaw() - 5, 2 * Math.PI))
                    .isCloseTo(0, within(1e-6));
        }
    }
}
