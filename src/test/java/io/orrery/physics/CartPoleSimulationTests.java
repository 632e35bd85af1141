package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * worlds/cartpole.sdf steps as Gymnasium's CartPole equations say: one 0.02 s step from a grid of states (angle,
 * angular rate, cart speed, push) lands where CartPole's semi-implicit Euler update (its
 * {@code kinematics_integrator="semi-implicit euler"}: velocities first, then positions with the new velocities, which
 * is how Bullet integrates) puts it.
 *
 * <p>The tolerance is derived, not fitted: Bullet solves the pivot's constraint on velocities at the start of the
 * step, so the pole's centripetal pull on the cart (CartPole's {@code polemass_length * theta_dot^2 * sin(theta)}
 * term and what it does to the angular acceleration) is not in this step's accelerations; the next step's
 * constraint correction brings it in. A velocity may therefore differ by dt times those theta_dot-squared terms of
 * CartPole's accelerations, a position by dt squared times them, plus float32 rounding (JBullet and native Bullet
 * store single precision: 2^-24 relative on speeds of a few m/s, summed over the solver's iterations, stays under
 * 1e-5 m/s and 1e-6 m). Each engine in the default articulation, the one a served cart-pole runs in; the projected
 * mode re-derives speeds from the joints' coordinates after the solver, a further 1e-5 m/s this bound does not cover.
 */
class CartPoleSimulationTests {

    static final Path WORLD = Path.of("worlds/cartpole.sdf");
    static final double TAU = 0.02;
    static final double FLOAT_SPEED = 1e-5;
    static final double FLOAT_POSITION = 1e-6;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void oneStepIsCartPolesSemiImplicitEulerStep(Engine engine) {
        Physics physics = new Physics(engine, Articulation.DEFAULT);
        WorldSpec spec = SimulationFixture.read(WORLD);
        assertThat(spec.physics().maxStepSize())
                .as("the world's step is CartPole's tau")
                .isEqualTo(TAU);
        int cases = 0;
        for (double theta : new double[] {-0.2, 0, 0.1, 0.2}) {
            for (double thetaDot : new double[] {-2, 0, 0.5, 2}) {
                for (double xDot : new double[] {-2, 0, 2}) {
                    for (double force : new double[] {-10, 0, 10}) {
                        double[] start = {0.3, xDot, theta, thetaDot};
                        double[] got = step(physics, spec, start, force);
                        double[] want = CartPoleEquations.semiImplicitEuler(start, force, TAU);
                        double[] centripetal = CartPoleEquations.centripetalAccelerations(start);
                        String where = "from x, x', theta, theta' = %s pushed %s N"
                                .formatted(java.util.Arrays.toString(start), force);
                        assertThat(got[1])
                                .as("cart speed " + where)
                                .isCloseTo(want[1], within(TAU * Math.abs(centripetal[0]) + FLOAT_SPEED));
                        assertThat(got[3])
                                .as("pole's angular rate " + where)
                                .isCloseTo(want[3], within(TAU * Math.abs(centripetal[1]) + FLOAT_SPEED));
                        assertThat(got[0])
                                .as("cart position " + where)
                                .isCloseTo(want[0], within(TAU * TAU * Math.abs(centripetal[0]) + FLOAT_POSITION));
                        assertThat(got[2])
                                .as("pole angle " + where)
                                .isCloseTo(want[2], within(TAU * TAU * Math.abs(centripetal[1]) + FLOAT_POSITION));
                        cases++;
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(144);
    }

    /**
     * A whole CartPole-v1 episode under a balancing push: a linear state feedback that keeps CartPole's own equations
     * inside its termination bounds (|x| <= 2.4 m, |theta| <= 12 degrees) for 500 steps keeps the world inside them too.
     * Only the four states CartPole has may matter: with a thin rod's true moment about its own axis, Bullet's hinge
     * error spun the pole up about that axis, doubling every ~20 steps, until the hinge's rate was noise and the
     * pole fell (JBullet, ~300 steps in).
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aPoleThatCartPolesEquationsBalanceStaysUpForAWholeEpisode(Engine engine) {
        WorldSpec spec = SimulationFixture.read(WORLD);
        double[] start = {0.03, 0, -0.04, 0};
        double[] ideal = start.clone();
        try (var sim = SimulationFixture.of(new Physics(engine, Articulation.DEFAULT), spec, TAU)) {
            PhysicsWorld w = sim.world();
            w.resetJointPosition("cartpole", "slider", start[0]);
            w.resetJointPosition("cartpole", "hinge", start[2]);
            for (int step = 0; step < 500; step++) {
                ideal = CartPoleEquations.semiImplicitEuler(ideal, push(ideal), TAU);
                assertThat(inBounds(ideal))
                        .as("CartPole's equations balance, step " + step)
                        .isTrue();
                double[] s = state(w);
                w.setJointForce("cartpole", "slider", push(s));
                sim.step(1);
                double[] got = state(w);
                assertThat(inBounds(got))
                        .as("the world balances, step %d: %s", step, java.util.Arrays.toString(got))
                        .isTrue();
            }
        }
    }

    /**
     * {@link PhysicsWorld#resetJointVelocity} gives the links the twists a user would set by hand (the cart's x speed;
     * the pole's spin about the hinge and its centre's speed, the cart's plus omega x r) and keeps the positions.
     * Float32 storage bounds the error as in the class comment.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void settingJointVelocitiesMovesTheLinksAsTheJointsSay(Engine engine) {
        WorldSpec spec = SimulationFixture.read(WORLD);
        double[] s = {0.03, -0.7, -0.15, 1.3};
        try (var sim = SimulationFixture.of(new Physics(engine, Articulation.DEFAULT), spec, TAU)) {
            PhysicsWorld w = sim.world();
            w.resetJointPosition("cartpole", "slider", s[0]);
            w.resetJointPosition("cartpole", "hinge", s[2]);
            w.resetJointVelocity("cartpole", "slider", s[1]);
            w.resetJointVelocity("cartpole", "hinge", s[3]);
            double[] got = state(w);
            for (int i = 0; i < 4; i++) {
                double bound = i % 2 == 0 ? FLOAT_POSITION : FLOAT_SPEED;
                assertThat(got[i]).as("state %d", i).isCloseTo(s[i], within(bound));
            }
            Twist cart = sim.link("cartpole", "cart").velocity();
            assertThat(cart.linear().x()).isCloseTo(s[1], within(FLOAT_SPEED));
            assertThat(cart.angular().length()).isCloseTo(0, within(FLOAT_SPEED));
            double r = 0.5;
            Twist pole = sim.link("cartpole", "pole").velocity();
            assertThat(pole.linear().x()).isCloseTo(s[1] + s[3] * r * Math.cos(s[2]), within(FLOAT_SPEED));
            assertThat(pole.linear().z()).isCloseTo(-s[3] * r * Math.sin(s[2]), within(FLOAT_SPEED));
            assertThat(pole.angular().y()).isCloseTo(s[3], within(FLOAT_SPEED));
            // Setting the cart's speed again leaves the hinge's rate relative to the cart as it was.
            w.resetJointVelocity("cartpole", "slider", 0.2);
            assertThat(joint(w, "hinge").velocity()).isCloseTo(s[3], within(FLOAT_SPEED));
            assertThat(joint(w, "slider").velocity()).isCloseTo(0.2, within(FLOAT_SPEED));
        }
    }

    private static double push(double[] s) {
        return Math.max(-10, Math.min(10, s[0] + 2 * s[1] + 30 * s[2] + 5 * s[3]));
    }

    private static boolean inBounds(double[] s) {
        return Math.abs(s[0]) <= 2.4 && Math.abs(s[2]) <= Math.toRadians(12);
    }

    private static double[] state(PhysicsWorld w) {
        JointState slider = joint(w, "slider");
        JointState hinge = joint(w, "hinge");
        return new double[] {slider.position(), slider.velocity(), hinge.position(), hinge.velocity()};
    }

    /** Puts the cart-pole in the state {x, x', theta, theta'}, pushes the cart for one step, reads the state back. */
    private static double[] step(Physics physics, WorldSpec spec, double[] s, double force) {
        try (var sim = SimulationFixture.of(physics, spec, TAU)) {
            PhysicsWorld w = sim.world();
            w.resetJointPosition("cartpole", "slider", s[0]);
            w.resetJointPosition("cartpole", "hinge", s[2]);
            // the pole's centre is 0.5 m up the pole from the hinge: its velocity is the cart's plus omega x r
            double r = 0.5;
            w.setLinkVelocity("cartpole", "cart", new Twist(new Vec3(s[1], 0, 0), Vec3.ZERO));
            w.setLinkVelocity(
                    "cartpole",
                    "pole",
                    new Twist(
                            new Vec3(s[1] + s[3] * r * Math.cos(s[2]), 0, -s[3] * r * Math.sin(s[2])),
                            new Vec3(0, s[3], 0)));
            assertThat(joint(w, "hinge").velocity()).isCloseTo(s[3], within(FLOAT_SPEED));
            assertThat(joint(w, "slider").velocity()).isCloseTo(s[1], within(FLOAT_SPEED));
            w.setJointForce("cartpole", "slider", force);
            sim.step(1);
            JointState slider = joint(w, "slider");
            JointState hinge = joint(w, "hinge");
            return new double[] {slider.position(), slider.velocity(), hinge.position(), hinge.velocity()};
        }
    }

    private static JointState joint(PhysicsWorld w, String name) {
        return w.joint("cartpole", name).orElseThrow(() -> new AssertionError("cartpole.sdf has no joint " + name));
    }
}
