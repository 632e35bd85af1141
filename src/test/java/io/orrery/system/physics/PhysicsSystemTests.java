package io.orrery.system.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.orrery.system.Priorities;
import io.orrery.system.RecordingWorld;
import io.orrery.system.UpdateInfo;
import org.junit.jupiter.api.Test;

class PhysicsSystemTests {

    private final RecordingWorld world = new RecordingWorld().withModel("cart", 1.0, 2.0);
    private final PhysicsSystem physics = new PhysicsSystem();

    @Test
    void stepsByTheInfosDtAndNotWhilePaused() {
        UpdateInfo running = UpdateInfo.START.next(4_000_000, 0);
        physics.update(running, world);
        physics.update(running.pausedAt(10), world);

        assertThat(world.calls).containsExactly("step 0.004");
        assertThat(world.x("cart")).isCloseTo(1.008, offset(1e-12));
    }

    @Test
    void resetsTheWorldAndRunsAtThePhysicsPriority() {
        physics.update(UpdateInfo.START.next(4_000_000, 0), world);
        physics.reset(UpdateInfo.START, world);

        assertThat(world.calls).containsExactly("step 0.004", "reset");
        assertThat(world.x("cart")).isEqualTo(1.0);
        assertThat(physics.priority()).isEqualTo(Priorities.PHYSICS).isEqualTo(-64);
        assertThat(physics.systemName()).isEqualTo("physics");
    }
}
