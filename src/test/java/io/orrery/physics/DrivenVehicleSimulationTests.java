package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Gazebo's diff_drive.sdf on each engine: a chassis box on two wheel spheres (revolute joints) and a caster sphere
 * (a ball joint) whose centre lies inside the chassis's box, as in many Gazebo robots. Jointed bodies must not
 * collide with each other: on the bullet engine the ball joint let them, and the caster pushed the chassis up 9 mm
 * in the first step and sent the vehicle off at several metres a second with its wheels at rest.
 */
class DrivenVehicleSimulationTests {

    static final Path WORLD = Path.of("worlds/gazebo/diff_drive.sdf");
    static final double DT = 0.001;
    /** diff_drive.sdf's wheel radius and separation. */
    static final double RADIUS = 0.3;

    static final double SEPARATION = 1.25;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aVehicleLeftAloneStaysWhereItStands(Engine engine) {
        try (PhysicsWorld world = engine.create().build(world())) {
            Vec3 start = chassis(world);
            for (int i = 0; i < 500; i++) {
                world.step(DT);
            }
            // It stands on three spheres touching the ground: only the contacts' settling may move it, well under a
            // millimetre (before the fix, bullet lifted the chassis 9.4 mm in the first step).
            assertThat(chassis(world).minus(start).length())
                    .as(engine + ": chassis moved")
                    .isLessThan(0.5e-3);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void wheelsAtTwoAndOneRadPerSecondTurnTheVehicleAsTheKinematicsSay(Engine engine) {
        try (PhysicsWorld world = engine.create().build(world())) {
            Vec3 start = chassis(world);
            Vec3 axleStart = axle(world);
            double left = 2.0;
            double right = 1.0;
            int steps = 3000;
            for (int i = 0; i < steps; i++) {
                world.setJointVelocityCommand("vehicle_blue", "left_wheel_joint", left);
                world.setJointVelocityCommand("vehicle_blue", "right_wheel_joint", right);
                world.step(DT);
            }
            assertThat(world.joint("vehicle_blue", "left_wheel_joint")
                            .orElseThrow()
                            .velocity())
                    .as(engine + ": left wheel")
                    .isCloseTo(left, within(0.01 * left));
            assertThat(world.joint("vehicle_blue", "right_wheel_joint")
                            .orElseThrow()
                            .velocity())
                    .as(engine + ": right wheel")
                    .isCloseTo(right, within(0.01 * right));
            Vec3 end = chassis(world);
            assertThat(end.z()).as(engine + ": on the ground").isCloseTo(start.z(), within(1e-3));
            // Rolling without slip, the axle's midpoint runs at r(wl + wr)/2 = 0.45 m/s on an arc of radius v/|w| =
            // 1.875 m (w = r(wr - wl)/separation = -0.24 rad/s); after 3 s the chord is 2R sin(|w|t/2) = 1.321 m.
            double v = RADIUS * (left + right) / 2;
            double w = RADIUS * (right - left) / SEPARATION;
            double chord = 2 * v / Math.abs(w) * Math.sin(Math.abs(w) * steps * DT / 2);
            Vec3 axleEnd = axle(world);
            double moved = Math.hypot(axleEnd.x() - axleStart.x(), axleEnd.y() - axleStart.y());
            // Both engines fall 2.3% short of it (1.290 and 1.291 m): the wheels slip against the ground while the
            // caster is dragged round the turn. The bound keeps close to that: 3% short at most, never beyond it.
            assertThat(moved).as(engine + ": distance moved").isBetween(0.97 * chord, 1.0 * chord);
        }
    }

    private static WorldSpec world() {
        assertThat(WORLD).as("Gazebo's example worlds beside the repository").exists();
        return SdfReader.withEnvironment(List.of()).read(WORLD);
    }

    /** The midpoint between the wheels' centres. */
    private static Vec3 axle(PhysicsWorld world) {
        List<LinkState> links = world.model("vehicle_blue").orElseThrow().links();
        Vec3 left = links.stream()
                .filter(l -> l.name().endsWith("left_wheel"))
                .findFirst()
                .orElseThrow()
                .pose()
                .position();
        Vec3 right = links.stream()
                .filter(l -> l.name().endsWith("right_wheel"))
                .findFirst()
                .orElseThrow()
                .pose()
                .position();
        return left.plus(right).times(0.5);
    }

    private static Vec3 chassis(PhysicsWorld world) {
        return world.model("vehicle_blue").orElseThrow().pose().position();
    }
}
