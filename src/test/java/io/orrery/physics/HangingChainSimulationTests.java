package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.Vec3;
import java.util.HashMap;
import java.util.Map;

/**
 * A chain hanging straight down stays where it hangs (worlds/conformance/hanging_chain.sdf: 10 rods of 0.1 m on
 * hinges from a pivot fixed to the world). Gazebo's tests hold joint velocities to 1e-4 and poses to 1e-3: over 2 s
 * no joint of it may move faster, and no link farther from where it started. Measured: no joint turns at all on
 * either engine (the chain only stretches, straight down), and its links sag by at most 0.19 mm on JBullet and
 * 0.11 mm on Bullet, the joints' give under the chain's weight.
 */
class HangingChainSimulationTests {

    private static final double GAZEBO_VELOCITY = 1e-4;
    private static final double GAZEBO_POSE = 1e-3;

    @EveryEngine
    void aChainOfTenLinksHangsStill(Engine engine) {
        try (var sim = SimulationFixture.load(engine, "conformance/hanging_chain")) {
            Map<String, Vec3> start = new HashMap<>();
            for (int i = 0; i < 10; i++) {
                start.put("link" + i, sim.link("chain", "link" + i).pose().position());
            }
            double speed = 0;
            double moved = 0;
            for (int step = 0; step < 2000; step++) {
                sim.step(1);
                for (int i = 0; i < 10; i++) {
                    speed = Math.max(speed, Math.abs(sim.world().joint("chain", "joint" + i).orElseThrow().velocity()));
                    moved = Math.max(moved, sim.link("chain", "link" + i).pose().position()
                            .minus(start.get("link" + i)).length());
                }
            }
            assertThat(speed).as("%s: joint speed, rad/s", engine).isLessThan(GAZEBO_VELOCITY);
            assertThat(moved).as("%s: link off its start, m", engine).isLessThan(GAZEBO_POSE);
        }
    }
}
