package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The demo world users get from {@code ./mvnw spring-boot:run}: it loads, steps and behaves as described. */
class DefaultWorldSimulationTests {

    private static final Path DEFAULT_WORLD = Path.of("worlds/default.sdf");

    /**
     * How far a resting body's centre may be from its geometric resting height: Gazebo's own tests hold poses to
     * 1e-3. The engines push a landing's penetration out at 10 % (JBullet) or 1 % (Bullet) of it a step, so by 4 s a
     * resting body sits at its height to float rounding.
     */
    private static final double HEIGHT_TOLERANCE = 0.001;

    /** How far from flat a resting body may be: a tilt of 0.1° lifts an edge of the 0.5 m box by 0.9 mm. */
    private static final double TILT_TOLERANCE_DEGREES = 0.1;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void loadsAndStepsUntilEveryShapeRestsFlatOnItsSupportWhileTheRampStaysPut(Engine engine) {
        WorldSpec spec = SimulationFixture.read(DEFAULT_WORLD);
        assertThat(spec.models())
                .extracting(m -> m.name())
                .contains("ground_plane", "ramp", "sliding_box", "red_box", "ball", "cylinder", "pendulum");
        assertThat(spec.guiCameraPose()).isPresent();

        try (SimulationFixture fixture = SimulationFixture.of(engine, spec)) {
            Pose ramp = fixture.pose("ramp");
            assertThat(fixture.pose("red_box").z()).isEqualTo(2.0);

            // The red box lands at 0.6 s; the green box, tilted, lands on it corner first at 6.6 m/s at 0.68 s and
            // tumbles off it onto the ground, as it does at steps of 0.5, 0.25 and 0.1 ms on both engines (it stayed
            // on top only while the engines pushed penetration out through the velocity). The bouncing ball
            // (restitution 0.5) is the last to come to rest, near 3.2 s.
            fixture.step(4000);

            for (String name : fixture.world().modelNames()) {
                assertThat(fixture.pose(name).position().isFinite()).as(name).isTrue();
            }
            assertThat(fixture.pose("ramp")).isEqualTo(ramp);
            // Centre heights of bodies resting on a face: half their height above their support.
            assertRestsFlat(fixture, "red_box", 0.25); // the 0.5 m cube on the ground
            assertRestsFlat(fixture, "green_box", 0.2); // the 0.4 m cube, on the ground beside the red box
            assertRestsFlat(fixture, "sliding_box", 0.15); // the 0.3 m cube, slid off the ramp: μ 0.2 < tan 25°
            // Landing 23° tilted it stands up again: its centre of mass was over the rim (atan(0.2 / 0.3) = 34°).
            assertRestsFlat(fixture, "cylinder", 0.3);
            assertThat(fixture.pose("ball").z()).isCloseTo(0.25, within(HEIGHT_TOLERANCE));
            assertThat(fixture.pose("small_ball").z()).isCloseTo(0.15, within(HEIGHT_TOLERANCE));
        }
    }

    private static void assertRestsFlat(SimulationFixture fixture, String model, double height) {
        Pose pose = fixture.pose(model);
        assertThat(pose.z()).as("%s's height", model).isCloseTo(height, within(HEIGHT_TOLERANCE));
        // Flat on a face: one of its axes vertical, whichever face it landed on.
        double vertical = 0;
        for (Vec3 axis : List.of(new Vec3(1, 0, 0), new Vec3(0, 1, 0), new Vec3(0, 0, 1))) {
            vertical = Math.max(vertical, Math.abs(pose.rotation().rotate(axis).z()));
        }
        assertThat(Math.toDegrees(Math.acos(Math.min(1, vertical))))
                .as("%s's tilt", model)
                .isLessThan(TILT_TOLERANCE_DEGREES);
    }
}
