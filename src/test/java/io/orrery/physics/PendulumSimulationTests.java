package io.orrery.physics;

import static io.orrery.physics.TestWorlds.collision;
import static io.orrery.physics.TestWorlds.joint;
import static io.orrery.physics.TestWorlds.link;
import static io.orrery.physics.TestWorlds.model;
import static io.orrery.physics.TestWorlds.world;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A bob on a revolute joint to the world swings with the physical-pendulum period T = 2π·sqrt(I/(m g L)), where
 * I = I_cm + m L² is the inertia about the pivot (almost the point-mass 2π·sqrt(L/g) for a small bob).
 */
class PendulumSimulationTests {

    private static final double L = 1.0;
    private static final double MASS = 1.0;
    private static final double I_CM = 0.001;
    private static final double AMPLITUDE = 0.05;

    @Test
    void swingsWithThePendulumPeriod() {
        Vec3 pivot = new Vec3(0, 0, 2);
        Quat tilt = Quat.fromEuler(0, AMPLITUDE, 0);
        Pose bobPose = new Pose(pivot.plus(tilt.rotate(new Vec3(0, 0, -L))), tilt);
        var bob = link("bob", bobPose,
                Optional.of(new InertialSpec(MASS, Pose.IDENTITY,
                        Optional.of(new InertialSpec.Inertia(I_CM, 0, 0, I_CM, 0, I_CM)))),
                collision(new Geometry.Sphere(0.05), Pose.IDENTITY, SurfaceSpec.DEFAULT));
        var pendulum = model("pendulum", Pose.IDENTITY, false, List.of(bob),
                List.of(joint("pivot", JointSpec.JointType.REVOLUTE, "world", "bob", Pose.translation(0, 0, L),
                        new Vec3(0, 1, 0), JointSpec.JointLimits.NONE)));

        List<Double> crossings = new ArrayList<>();
        double[] previousX = {bobPose.x()};
        try (var sim = SimulationFixture.of(world(pendulum), 0.001)) {
            sim.onPostStep((w, iteration, time) -> {
                double x = w.model("pendulum").orElseThrow().link("bob").orElseThrow().pose().x();
                if (previousX[0] > 0 && x <= 0 || previousX[0] < 0 && x >= 0) {
                    // Linear interpolation between the two samples.
                    crossings.add(time - sim.dt() * x / (x - previousX[0]));
                }
                previousX[0] = x;
            });
            sim.step(11_000);
        }

        assertThat(crossings).hasSizeGreaterThanOrEqualTo(10);
        int halfPeriods = crossings.size() - 1;
        double period = 2 * (crossings.get(halfPeriods) - crossings.get(0)) / halfPeriods;
        double expected = 2 * Math.PI * Math.sqrt((I_CM + MASS * L * L) / (MASS * 9.8 * L));
        assertThat(period).isCloseTo(expected, within(0.03 * expected));
    }
}
