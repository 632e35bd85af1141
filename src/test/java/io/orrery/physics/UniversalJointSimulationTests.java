package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Universal and revolute2 joints (worlds/universal.sdf: a 1 kg bob 1 m below a cross whose first axis is the world's
 * X and whose second is the bob's Y) on both engines, each case once per type: SDF defines revolute2 as two revolute
 * joints in series and universal as a ball joint less one rotation, which is one motion (the first axis carried by
 * the parent, the second by the child), so both are held to the same figures.
 *
 * <p>What holds them: the cross's point (the bob's top stays at it), the angle between the two axes (the rotation
 * about their cross product is locked), rotation about both axes free and reported as the joint's two positions,
 * each axis's limits, damping and friction. Stepped at 1 ms.
 */
class UniversalJointSimulationTests {

    /** The bob: mass, distance below the cross, inertia about its centre along x and y. */
    static final double M = 1;

    static final double L = 1;
    static final double IXX = 0.02;
    static final double IYY = 0.01;
    static final double G = 9.8;
    static final double DT = 0.001;
    static final Vec3 CROSS = new Vec3(0, 0, 2);
    static final Vec3 UNIT_Y = new Vec3(0, 1, 0);

    @TempDir
    Path dir;

    static List<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (Engine engine : Engine.values()) {
            for (String type : List.of("universal", "revolute2")) {
                all.add(Arguments.of(engine, type));
            }
        }
        return all;
    }

    /** worlds/universal.sdf as the case's type, changed by {@code edit}. */
    SimulationFixture load(Engine engine, String type, UnaryOperator<String> edit) throws Exception {
        String text = Files.readString(Path.of("src/test/resources/worlds/universal.sdf"))
                .replace("type=\"universal\"", "type=\"" + type + "\"");
        Path file = dir.resolve("universal.sdf");
        Files.writeString(file, edit.apply(text));
        SimulationFixture sim = SimulationFixture.of(engine, SimulationFixture.read(file));
        assertThat(sim.dt()).isEqualTo(DT);
        return sim;
    }

    static String zeroGravity(String text) {
        return text.replace("<gravity>0 0 -9.8</gravity>", "<gravity>0 0 0</gravity>");
    }

    static String axes(String text, String axis, String axis2) {
        return text.replace("<axis><xyz>1 0 0</xyz></axis>", axis).replace("<axis2><xyz>0 1 0</xyz></axis2>", axis2);
    }

    /** Sets the bob spinning at {@code w} about the cross (its velocity at its origin follows). */
    static void spin(PhysicsWorld world, Vec3 w) {
        Vec3 origin = bob(world).position();
        world.setLinkVelocity("gimbal", "bob", new Twist(w.cross(origin.minus(CROSS)), w));
    }

    static JointState cross(PhysicsWorld world) {
        return world.joint("gimbal", "cross").orElseThrow();
    }

    static Pose bob(PhysicsWorld world) {
        return world.model("gimbal").orElseThrow().link("bob").orElseThrow().pose();
    }

    /** How far the bob's top (1 m above its centre, in its frame) is from the cross. */
    static double pointError(Pose bob) {
        return bob.apply(new Vec3(0, 0, L)).minus(CROSS).length();
    }

    /**
     * A kick of 0.1 rad/s about one axis swings the bob about that axis alone with the physical pendulum's period
     * 2π·sqrt(I/(m g L)), I the inertia about that axis through the cross, lengthened by θ0²/16 for the amplitude
     * θ0 = 0.1/Ω ≈ 0.032 rad (6.5e-5). Both engines land within 2e-6 of that (semi-implicit Euler's own period error
     * at Ω·dt = 3e-3 is (Ω dt)²/24 = 4e-7): bound 1e-5. The other angle stays at 0 to rounding (2e-16 seen; bound
     * 1e-9), and the reported angle is the bob's roll (about X) or pitch (about Y) to rounding (bound 1e-9).
     */
    @ParameterizedTest
    @MethodSource("cases")
    void swingsAboutEachAxisWithItsOwnPendulumPeriodAndTheOtherAngleStill(Engine engine, String type) throws Exception {
        for (int a = 0; a < 2; a++) {
            int axis = a;
            try (SimulationFixture sim = load(engine, type, t -> t)) {
                double kick = 0.1;
                spin(sim.world(), axis == 0 ? new Vec3(kick, 0, 0) : new Vec3(0, kick, 0));
                List<Double> crossings = new ArrayList<>();
                double[] previous = {0};
                double[] other = {0};
                double[] mismatch = {0};
                sim.onPostStep((w, i, t) -> {
                    JointState j = cross(w);
                    double q = axis == 0 ? j.position() : j.axis2().position();
                    other[0] = Math.max(other[0], Math.abs(axis == 0 ? j.axis2().position() : j.position()));
                    Pose p = bob(w);
                    mismatch[0] = Math.max(mismatch[0], Math.abs((axis == 0 ? p.roll() : p.pitch()) - q));
                    if (i > 1 && (previous[0] > 0 && q <= 0 || previous[0] < 0 && q >= 0)) {
                        crossings.add(t - DT * q / (q - previous[0]));
                    }
                    previous[0] = q;
                });
                sim.step(6000);
                int halves = crossings.size() - 1;
                assertThat(halves).as("half periods seen").isGreaterThanOrEqualTo(4);
                double period = 2 * (crossings.get(halves) - crossings.get(0)) / halves;
                double inertia = (axis == 0 ? IXX : IYY) + M * L * L;
                double omega = Math.sqrt(M * G * L / inertia);
                double amplitude = kick / omega;
                double expected = 2 * Math.PI / omega * (1 + amplitude * amplitude / 16);
                assertThat(period)
                        .as("%s %s axis %d", engine, type, axis + 1)
                        .isCloseTo(expected, within(1e-5 * expected));
                assertThat(other[0]).isLessThan(1e-9);
                assertThat(mismatch[0]).isLessThan(1e-9);
            }
        }
    }

    /**
     * Without gravity the bob is spun at 3.6 rad/s, 3 of them about Z, the rotation the cross locks. Over 2 s:
     * <ul>
     * <li>both angles move (the first goes round past 5 rad, the second swings ±0.64 rad);</li>
     * <li>the bob's top stays at the cross: the spin's centripetal drift is ω²L·dt² = 1.3e-5 m a step, which the
     * point constraint takes out at 0.2 (bullet) to 0.3 (jbullet) of a step's error, so it stays a few times that:
     * 6.9e-5 m (jbullet) and 9.3e-5 m (bullet) seen, bound 1.5e-4 m;</li>
     * <li>the world's X stays square to the bob's Y to 8.1e-6 rad on both engines (the lock takes a fifth of the
     * error out a step): bound 2e-5 rad;</li>
     * <li>kinetic energy, once the first step has taken the locked spin out, is kept (the constraints do no work):
     * their position corrections change it by 5.4e-5 (jbullet) and 2.6e-4 (bullet) of its 3.18 J, bound 5e-4;</li>
     * <li>each reported rate is the derivative of the reported angle: the angles are not linear in the bodies' turn,
     * so at a steady spin their rates still change within a step, by up to |ω|²·dt = 1.3e-2 rad/s here, and the
     * step's mean rate differs from its end rate by half of that at most; 5.3e-4 rad/s seen, bound 1e-3.</li>
     * </ul>
     */
    @ParameterizedTest
    @MethodSource("cases")
    void holdsItsPointAndTheAngleBetweenItsAxesWhateverSpinsTheBob(Engine engine, String type) throws Exception {
        try (SimulationFixture sim = load(engine, type, UniversalJointSimulationTests::zeroGravity)) {
            spin(sim.world(), new Vec3(2, -1.5, 3));
            sim.step(1);
            double energy = energy(sim.world());
            JointState start = cross(sim.world());
            double[] point = {0};
            double[] lock = {0};
            double[] range = {
                start.position(),
                start.position(),
                start.axis2().position(),
                start.axis2().position()
            };
            double[] derivative = {0, 0};
            double[] last = {start.position(), start.axis2().position()};
            double[] drift = {0};
            sim.onPostStep((w, i, t) -> {
                Pose p = bob(w);
                point[0] = Math.max(point[0], pointError(p));
                lock[0] = Math.max(lock[0], Math.abs(p.rotation().rotate(UNIT_Y).x()));
                drift[0] = Math.max(drift[0], Math.abs(energy(w) / energy - 1));
                JointState j = cross(w);
                double q1 = j.position();
                double q2 = j.axis2().position();
                range[0] = Math.min(range[0], q1);
                range[1] = Math.max(range[1], q1);
                range[2] = Math.min(range[2], q2);
                range[3] = Math.max(range[3], q2);
                derivative[0] = Math.max(derivative[0], Math.abs((q1 - last[0]) / DT - j.velocity()));
                derivative[1] = Math.max(
                        derivative[1], Math.abs((q2 - last[1]) / DT - j.axis2().velocity()));
                last[0] = q1;
                last[1] = q2;
            });
            sim.step(2000);
            assertThat(range[1] - range[0]).as("the first angle's travel").isGreaterThan(5);
            assertThat(range[3] - range[2]).as("the second angle's travel").isGreaterThan(1.2);
            assertThat(point[0]).as("the bob's top from the cross").isLessThan(1.5e-4);
            assertThat(lock[0]).as("the cosine between the axes").isLessThan(2e-5);
            assertThat(drift[0]).as("kinetic energy's relative change").isLessThan(5e-4);
            assertThat(derivative[0])
                    .as("the first rate against the first angle's derivative")
                    .isLessThan(1e-3);
            assertThat(derivative[1])
                    .as("the second rate against the second angle's derivative")
                    .isLessThan(1e-3);
        }
    }

    /** The bob's kinetic energy: ½ m v² + ½ ω·Iω, its centre at its link origin. */
    static double energy(PhysicsWorld world) {
        LinkState bob = world.model("gimbal").orElseThrow().link("bob").orElseThrow();
        Vec3 v = bob.velocity().linear();
        Vec3 w = bob.pose().rotation().conjugate().rotate(bob.velocity().angular());
        return 0.5 * M * v.dot(v) + 0.5 * (IXX * w.x() * w.x() + IYY * w.y() * w.y() + 0.005 * w.z() * w.z());
    }

    /**
     * Limits of [0.1, 0.3] rad on the first axis (so the joint starts outside them, at 0) and [-0.4, -0.05] on the
     * second, the bob spun against both without gravity. After 0.5 s each angle is within its limits; the rows let an
     * angle reach a limit within a step and no further, but an angle's rate turns within the step when the other
     * axis hits its limit, so a limit is passed by up to 2.8e-3 rad (jbullet) and 1.4e-3 rad (bullet): bound 4e-3.
     */
    @ParameterizedTest
    @MethodSource("cases")
    void keepsEachAngleWithinItsLimits(Engine engine, String type) throws Exception {
        try (SimulationFixture sim = load(
                engine,
                type,
                t -> axes(
                        zeroGravity(t),
                        "<axis><xyz>1 0 0</xyz><limit><lower>0.1</lower><upper>0.3</upper></limit></axis>",
                        "<axis2><xyz>0 1 0</xyz><limit><lower>-0.4</lower><upper>-0.05</upper></limit></axis2>"))) {
            spin(sim.world(), new Vec3(3, -2, 0));
            double[] range = {Double.MAX_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE};
            sim.onPostStep((w, i, t) -> {
                if (t < 0.5) {
                    return;
                }
                JointState j = cross(w);
                range[0] = Math.min(range[0], j.position());
                range[1] = Math.max(range[1], j.position());
                range[2] = Math.min(range[2], j.axis2().position());
                range[3] = Math.max(range[3], j.axis2().position());
            });
            sim.step(1500);
            assertThat(range[0]).isGreaterThan(0.1 - 4e-3);
            assertThat(range[1]).isLessThan(0.3 + 4e-3);
            assertThat(range[2]).isGreaterThan(-0.4 - 4e-3);
            assertThat(range[3]).isLessThan(-0.05 + 4e-3);
        }
    }

    /**
     * Without gravity: damping b = 0.5 N·m·s on the first axis slows a 1 rad/s spin about it as exp(-b t / I) with
     * I = 1.02 kg·m² about the cross; each engine integrates it per step (implicitly or explicitly), which is off
     * exp by n·(b dt/I)²/2 = 1.2e-4 after n = 1000 steps, either way: 1.1e-4 (jbullet) and 1.6e-4 (bullet) seen,
     * bound 2e-4. The effort reported is -b·v to 1e-3 (the damping of the step just taken). Friction f = 0.2 N·m on
     * the second axis slows a 1 rad/s spin about it by f/I per second (I = 1.01), reported as -f, and stops it where
     * semi-implicit Euler stops it: after v0²·I/(2f) - v0·dt/2 rad (the steps move with their end speed), to 1e-4.
     */
    @ParameterizedTest
    @MethodSource("cases")
    void dampsTheFirstAxisAndBrakesTheSecond(Engine engine, String type) throws Exception {
        double b = 0.5;
        double f = 0.2;
        UnaryOperator<String> dynamics = t -> axes(
                zeroGravity(t),
                "<axis><xyz>1 0 0</xyz><dynamics><damping>" + b + "</damping></dynamics></axis>",
                "<axis2><xyz>0 1 0</xyz><dynamics><friction>" + f + "</friction></dynamics></axis2>");
        try (SimulationFixture sim = load(engine, type, dynamics)) {
            spin(sim.world(), new Vec3(1, 0, 0));
            sim.step(1000);
            JointState j = cross(sim.world());
            double expected = Math.exp(-b / (IXX + M * L * L));
            assertThat(j.velocity()).isCloseTo(expected, within(2e-4 * expected));
            assertThat(j.effort()).isCloseTo(-b * j.velocity(), within(1e-3));
            assertThat(j.axis2().velocity()).isCloseTo(0, within(1e-9));
        }
        try (SimulationFixture sim = load(engine, type, dynamics)) {
            spin(sim.world(), new Vec3(0, 1, 0));
            double inertia = IYY + M * L * L;
            sim.step(500);
            JointState j = cross(sim.world());
            assertThat(j.axis2().velocity()).isCloseTo(1 - f * 0.5 / inertia, within(1e-4));
            assertThat(j.axis2().effort()).isCloseTo(-f, within(1e-6));
            sim.step(5000);
            j = cross(sim.world());
            assertThat(j.axis2().velocity()).isCloseTo(0, within(1e-6));
            assertThat(j.axis2().position()).isCloseTo(inertia / (2 * f) - DT / 2, within(1e-4));
            assertThat(j.position()).isCloseTo(0, within(1e-9));
        }
    }

    /**
     * Axes 60° apart (the second is (0.5, 0.87, 0) in the joint frame): the bob left alone stays where it was built
     * (the lock holds the angle it was built at, not 90°; 9e-10 m moved in 0.1 s seen, bound 1e-8 m), and spun as
     * above the angle between the axes stays 60° (its cosine within 1.04e-5 of 0.5 seen, bound 2e-5) and the bob's
     * top at the cross (bound 1.5e-4 m, as above).
     */
    @ParameterizedTest
    @MethodSource("cases")
    void holdsAxesThatAreNotSquareAtTheirAngle(Engine engine, String type) throws Exception {
        Vec3 second = new Vec3(0.5, Math.sqrt(0.75), 0);
        try (SimulationFixture sim = load(
                engine,
                type,
                t -> axes(
                        zeroGravity(t),
                        "<axis><xyz>1 0 0</xyz></axis>",
                        "<axis2><xyz>0.5 0.8660254037844386 0</xyz></axis2>"))) {
            Pose start = bob(sim.world());
            sim.step(100);
            assertThat(bob(sim.world()).position().minus(start.position()).length())
                    .isLessThan(1e-8);
            spin(sim.world(), new Vec3(2, -1.5, 3));
            double[] point = {0};
            double[] lock = {0};
            sim.onPostStep((w, i, t) -> {
                Pose p = bob(w);
                point[0] = Math.max(point[0], pointError(p));
                lock[0] = Math.max(lock[0], Math.abs(p.rotation().rotate(second).x() - 0.5));
            });
            sim.step(2000);
            assertThat(point[0]).isLessThan(1.5e-4);
            assertThat(lock[0]).isLessThan(2e-5);
        }
    }

    /**
     * A world's {@code <state>} that gives the cross's two angles without link poses puts the bob there: turned by
     * 0.4 rad about X and then 7.5 rad (more than a turn) about its own Y, and the joint reports both, the second
     * unwrapped (to 1e-6: float32 poses).
     */
    @ParameterizedTest
    @MethodSource("cases")
    void aSavedStateSetsBothAngles(Engine engine, String type) throws Exception {
        try (SimulationFixture sim = load(
                engine,
                type,
                t -> t.replace(
                        "</world>",
                        "<state world_name='universal'>"
                                + "<model name='gimbal'><joint name='cross'><angle axis='0'>0.4</angle><angle axis='1'>7.5</angle>"
                                + "</joint></model></state></world>"))) {
            JointState j = cross(sim.world());
            assertThat(j.position()).isCloseTo(0.4, within(1e-6));
            assertThat(j.axis2().position()).isCloseTo(7.5, within(1e-6));
            Pose expected = new Pose(
                            CROSS,
                            io.orrery.world.Quat.fromAxisAngle(new Vec3(1, 0, 0), 0.4)
                                    .times(io.orrery.world.Quat.fromAxisAngle(UNIT_Y, 7.5)))
                    .compose(new Pose(new Vec3(0, 0, -L), io.orrery.world.Quat.IDENTITY));
            assertThat(bob(sim.world()).position().minus(expected.position()).length())
                    .isLessThan(1e-6);
            assertThat(bob(sim.world()).rotation().angleTo(expected.rotation())).isLessThan(1e-6);
        }
    }
}
