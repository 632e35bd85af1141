package io.orrery.system.detachablejoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.physics.ContactPoint;
import io.orrery.physics.PhysicsWorld;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/reset_detachable_joint.cc} re-expressed over its own world
 * ({@code reset_detachable_joint.sdf}, vendored in {@code worlds/gz-sim-tests}) on the default engine: an arm on a
 * prismatic joint set straight to its commanded position every step lines up with a small box at 1 s, grasps it when
 * they touch after 1.1 s (a joint made while running, as the .cc's test system makes one), and carries it off the
 * table's edge at 3 s; after 5 s the world is reset, twice. Were the joint to outlive a reset, the box would follow
 * the arm back to its start, to the left of the table. The .cc asserts only that the box never goes left of
 * y = -0.01 m; here the grasp and the carry are asserted too, so that the run cannot pass without them. The vendored
 * file begins {@code ?xml} where {@code <?xml} was meant (so it is in gz-sim's tree); the test restores the
 * {@code <} before loading it.
 */
class ResetDetachableJointSimulationTests {

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** The .cc's TestPlugin, through the physics API. */
    static final class Gripper implements PreUpdate, Reset {
        volatile boolean grasping;
        volatile boolean errorLogged;
        volatile boolean didReset;
        volatile double carriedTo = Double.NaN;
        private double commandPosition;
        /** Orrery resets every system once as the world loads, which gz-sim does not: that one is not counted. */
        private volatile boolean stepped;

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            double y = world.model("object").orElseThrow().pose().y();
            if (y < -0.01) {
                errorLogged = true; // "Object moved unexpectedly to left of table!"
            }
            if (didReset || info.paused()) {
                return;
            }
            stepped = true;
            if (!grasping && info.iterations() > 1100) {
                List<ContactPoint> contacts = world.contacts("simple_arm", "arm_link");
                if (!contacts.isEmpty()) {
                    ContactPoint c = contacts.get(0);
                    world.attach("simple_arm", "arm_link", c.otherModel(), c.otherLink());
                    grasping = true;
                }
            }
            if (info.iterations() == 1000) {
                commandPosition = 0.15;
            } else if (info.iterations() == 3000) {
                commandPosition = 0.3;
            } else if (info.iterations() == 4999) {
                carriedTo = y;
            }
            world.resetJointPosition("simple_arm", "base_joint", commandPosition);
        }

        @Override
        public void reset(UpdateInfo info, PhysicsWorld world) {
            didReset = stepped;
        }
    }

    @Test
    void handleReset() throws Exception {
        Path vendored = Path.of("src/test/resources/worlds/gz-sim-tests/reset_detachable_joint.sdf");
        String text = Files.readString(vendored);
        assertThat(text).as("the vendored file as gz-sim has it").startsWith("?xml");
        Path world = sim.write("reset_detachable_joint.sdf", "<" + text);
        Gripper gripper = new Gripper();
        sim.system(gripper);
        sim.startPaused(world);

        sim.step(5000);
        assertThat(gripper.didReset).isFalse();
        assertThat(gripper.errorLogged).isFalse();
        assertThat(gripper.grasping).as("the arm grasped the box").isTrue();
        // carried with the arm, 0.3 m from where it lined up: off the table's edge (the table spans y in ±0.1 m)
        assertThat(gripper.carriedTo).isCloseTo(0.15, within(0.01));

        // first reset
        sim.reset();
        sim.step(2);
        sim.step(4998);
        assertThat(gripper.didReset).isTrue();
        assertThat(gripper.errorLogged).isFalse();

        // second reset
        sim.reset();
        sim.step(2);
        sim.step(998);
        assertThat(gripper.didReset).isTrue();
        assertThat(gripper.errorLogged).isFalse();
    }
}
