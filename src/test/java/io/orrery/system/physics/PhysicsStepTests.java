package io.orrery.system.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.orrery.system.Priorities;
import io.orrery.system.RecordingWorld;
import io.orrery.system.UpdateInfo;
import org.junit.jupiter.api.Test;

class PhysicsStepTests {

    private final RecordingWorld world = new RecordingWorld().withModel("cart", 1.0, 2.0);
    private final PhysicsStep physics = new PhysicsStep();

    @Test
    void stepsByTheInfosDtAndNotWhilePaused() {
        UpdateInfo running = UpdateInfo.START.next(4_000_000, 0);
        physics.update(running, world);
        physics.update(running.pausedAt(10), world);

        // 2 m/s for 4 ms from x = 1 m
        assertThat(world.calls).containsExactly("step 0.004");
        assertThat(world.x("cart")).isCloseTo(1.008, offset(1e-12));
    }

    @Test
    void runsAtGazebosPhysicsPriorityUnderGazebosName() {
        assertThat(physics.priority()).isEqualTo(Priorities.PHYSICS).isEqualTo(-64);
        assertThat(physics.systemName()).isEqualTo("physics");
    }
}
