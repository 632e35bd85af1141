package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.InertialSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.PhysicsSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A free body whose inertia has products (a diag(1, 2, 4) kg·m² tensor turned by roll 0.3, pitch 0.5, yaw 0.7)
 * tumbles as Euler's equations say, without gravity or contact: the angular momentum I_world·ω keeps its direction
 * and size in the world and the kinetic energy ½ ω·Iω stays, while ω itself wanders; spun about a principal axis it
 * turns steadily. With the products dropped (only ixx, iyy, izz used, as before), the momentum computed with the
 * true tensor changes by tens of percent within the run.
 */
class TumblingSimulationTests {

    static final Vec3 MOMENTS = new Vec3(1, 2, 4);
    static final Quat AXES = Quat.fromEuler(0.3, 0.5, 0.7);
    static final double DT = 0.001;

    static double[][] tensor() {
        double[][] t = new double[3][3];
        Vec3[] axes = {AXES.rotate(new Vec3(1, 0, 0)), AXES.rotate(new Vec3(0, 1, 0)), AXES.rotate(Vec3.UNIT_Z)};
        double[] m = {MOMENTS.x(), MOMENTS.y(), MOMENTS.z()};
        for (int k = 0; k < 3; k++) {
            double[] a = {axes[k].x(), axes[k].y(), axes[k].z()};
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    t[r][c] += m[k] * a[r] * a[c];
                }
            }
        }
        return t;
    }

    static WorldSpec world() {
        double[][] t = tensor();
        InertialSpec inertial = new InertialSpec(
                1,
                Pose.IDENTITY,
                Optional.of(new InertialSpec.Inertia(t[0][0], t[0][1], t[0][2], t[1][1], t[1][2], t[2][2])));
        LinkSpec body = new LinkSpec("body", Pose.IDENTITY, Optional.of(inertial), List.of());
        return WorldSpec.of(
                Path.of("tumbling.sdf"),
                "1.11",
                "tumbling",
                Vec3.ZERO,
                PhysicsSpec.DEFAULT,
                List.of(TestWorlds.model("top", Pose.translation(0, 0, 1), false, body)));
    }

    /** I_world ω: the link frame's orientation turns the tensor given in the link frame. */
    static Vec3 momentum(LinkState link) {
        Quat q = link.pose().rotation();
        Vec3 w = q.conjugate().rotate(link.velocity().angular());
        double[][] t = tensor();
        Vec3 body = new Vec3(
                t[0][0] * w.x() + t[0][1] * w.y() + t[0][2] * w.z(),
                t[1][0] * w.x() + t[1][1] * w.y() + t[1][2] * w.z(),
                t[2][0] * w.x() + t[2][1] * w.y() + t[2][2] * w.z());
        return q.rotate(body);
    }

    /**
     * Spun at ω0 = (1, 0.5, 2) rad/s for 2 s at 1 ms: momentum and energy stay within 1e-3 (relative). The gyroscopic
     * term is integrated to first order (explicitly on JBullet, where Orrery adds it; implicitly by Bullet 3), an
     * error of order (|ω| dt)² per step, at most 2000 · (2.3e-3)² = 1.1e-2 over the run; measured 4.6e-4 (momentum)
     * and 4.5e-4 (energy) on JBullet, 2.2e-4 and 4.2e-4 on Bullet. With the products dropped the momentum is 57 %
     * off (both engines).
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void momentumAndEnergyAreKeptWhileItTumbles(Engine engine) {
        try (SimulationFixture sim = SimulationFixture.of(engine, world(), DT)) {
            sim.world().setLinkVelocity("top", "body", new Twist(Vec3.ZERO, new Vec3(1, 0.5, 2)));
            LinkState start = sim.link("top", "body");
            Vec3 l0 = momentum(start);
            double e0 = 0.5 * start.velocity().angular().dot(l0);
            double worstMomentum = 0;
            double worstEnergy = 0;
            double wander = 0;
            for (int i = 0; i < 2000; i++) {
                sim.step(1);
                LinkState now = sim.link("top", "body");
                Vec3 l = momentum(now);
                worstMomentum = Math.max(worstMomentum, l.minus(l0).length() / l0.length());
                worstEnergy = Math.max(
                        worstEnergy, Math.abs(0.5 * now.velocity().angular().dot(l) - e0) / e0);
                wander = Math.max(
                        wander,
                        now.velocity()
                                .angular()
                                .minus(start.velocity().angular())
                                .length());
            }
            assertThat(wander).as("ω itself changes: the body tumbles").isGreaterThan(0.3);
            assertThat(worstMomentum).as(engine + ": |ΔL|/|L|").isLessThan(1e-3);
            assertThat(worstEnergy).as(engine + ": |ΔE|/E").isLessThan(1e-3);
        }
    }

    /**
     * About its smallest principal axis (stable), the body turns steadily: ω stays within 2e-4 rad/s of ω0 over 2 s
     * (measured 2.7e-5 on JBullet, 6.9e-5 on Bullet: float32 and the first-order gyroscopic term); with the products
     * dropped that axis is no principal axis and ω wanders by 0.8 rad/s.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aSpinAboutAPrincipalAxisIsSteady(Engine engine) {
        try (SimulationFixture sim = SimulationFixture.of(engine, world(), DT)) {
            Vec3 w0 = AXES.rotate(new Vec3(2, 0, 0));
            sim.world().setLinkVelocity("top", "body", new Twist(Vec3.ZERO, w0));
            double worst = 0;
            for (int i = 0; i < 2000; i++) {
                sim.step(1);
                worst = Math.max(
                        worst,
                        sim.link("top", "body").velocity().angular().minus(w0).length());
            }
            assertThat(worst).as(engine + ": |ω - ω0| rad/s").isLessThan(2e-4);
        }
    }
}
