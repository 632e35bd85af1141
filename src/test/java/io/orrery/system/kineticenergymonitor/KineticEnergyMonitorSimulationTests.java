package io.orrery.system.kineticenergymonitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.DoubleProtos;
import io.orrery.physics.LinkState;
import io.orrery.physics.Twist;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.world.InertialSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/kinetic_energy_monitor_system.cc} (ModelFalling) re-expressed over its own world,
 * {@code altimeter.sdf} (vendored in {@code worlds/gz-sim-tests}): a 0.1 kg box dropped from 3 m whose
 * KineticEnergyMonitor has a threshold of 2 J. After 1,000 steps exactly one message has come on
 * {@code /model/altimeter_model/kinetic_energy}, the impact, and it reports a drop of more than 2 J.
 */
class KineticEnergyMonitorSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/altimeter.sdf");
    static final String TOPIC = "/model/altimeter_model/kinetic_energy";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void modelFalling() throws Exception {
        // On the default, native Bullet, the impact takes two steps, losing 1.33 J then 1.61 J (measured with a
        // threshold of 0.01 J), so no single step loses Gazebo's 2 J; JBullet stops the box in one step, as DART does.
        sim.engine(new JBulletPhysicsEngine());
        sim.startPaused(WORLD);
        List<DoubleProtos.Double> messages = sim.collect(TOPIC, DoubleProtos.Double.class);
        sim.step(1000);

        assertThat(messages).hasSize(1);
        assertThat(messages.get(0).getData()).isGreaterThan(2);
        // and no more than the fall gave it: m g h, the box's centre falling from 3.05 m to 0.05 m (a symplectic step
        // never gains energy in free fall, so the kinetic energy before impact is at most that)
        assertThat(messages.get(0).getData()).isLessThanOrEqualTo(0.1 * 9.8 * 3.0);
    }

    /**
     * gz-sim's Link::WorldKineticEnergy: translation of the centre of mass (here 0.05 m from the origin of a link
     * spinning at 2 rad/s about z, so the centre moves at 0.1 m/s more than the origin) plus ½ ωᵀIω.
     */
    @Test
    void theEnergyIsThatOfTheCentreOfMassAndTheSpinAboutIt() {
        InertialSpec inertial = new InertialSpec(
                2.0, Pose.translation(0.05, 0, 0), Optional.of(new InertialSpec.Inertia(0.1, 0, 0, 0.2, 0, 0.3)));
        LinkState state = new LinkState("link", Pose.IDENTITY, new Twist(new Vec3(0, 1, 0), new Vec3(0, 0, 2)), false);
        // the centre moves at 1 + 2 * 0.05 = 1.1 m/s along y
        double expected = 0.5 * 2.0 * 1.1 * 1.1 + 0.5 * 0.3 * 4;
        assertThat(KineticEnergyMonitor.kineticEnergy(state, inertial)).isCloseTo(expected, within(1e-12));
    }
}
