package io.orrery.system.wheelslip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SlipCompliance;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PreUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The physics' slip law on its own, on the default engine: a 1 kg ball that cannot turn (its inertia 1e6 kg·m²) rests
 * on a plane that gravity's y component (-1 m/s²) tilts sideways, with lateral slip along y set on its one contact.
 * ODE's force-dependent slip lets it drift at {@code slip × force}: with the contact carrying the 1 N sideways load,
 * 0.05 m/s at slip 0.05 m/s/N and 0.1 m/s at 0.1, after the law's time constant {@code slip × m} (at most 0.1 s) has
 * passed ten times over. Without slip it stays. 1 % of the drift is allowed: the thinned friction row may add
 * {@code friction × N / 1000} (1 % of 1 N at the most, since N is 9.8 N).
 */
class LateralSlipSimulationTests {

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    static final String WORLD = """
            <?xml version="1.0" ?>
            <sdf version="1.6">
              <world name="lateral_slip">
                <gravity>0 -1 -9.8</gravity>
                <model name="ground"><static>true</static>
                  <link name="link"><collision name="c"><geometry><plane><normal>0 0 1</normal>
                    <size>100 100</size></plane></geometry></collision></link>
                </model>
                <model name="puck">
                  <pose>0 0 0.1 0 0 0</pose>
                  <link name="ball">
                    <inertial><mass>1</mass><inertia><ixx>1e6</ixx><iyy>1e6</iyy><izz>1e6</izz></inertia></inertial>
                    <collision name="c"><geometry><sphere><radius>0.1</radius></sphere></geometry></collision>
                  </link>
                </model>
              </world>
            </sdf>
            """;

    /** Sets the ball's slip every step, as WheelSlip does a wheel's. */
    record Slip(double lateral) implements PreUpdate {
        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            world.setSlipCompliance("puck", "ball", new SlipCompliance(new Vec3(0, 1, 0), lateral, 0, 1.0));
        }
    }

    private double drift(double slip) throws Exception {
        Path world = sim.write("lateral_slip.sdf", WORLD);
        sim.system(new Slip(slip));
        sim.startPaused(world);
        sim.step(1000);
        return sim.model("puck").link("ball").orElseThrow().velocity().linear().y();
    }

    @Test
    void driftsAtSlipTimesForce() throws Exception {
        assertThat(drift(0.05)).isCloseTo(-0.05, within(0.01 * 0.05));
    }

    @Test
    void driftsTwiceAsFastAtTwiceTheSlip() throws Exception {
        assertThat(drift(0.1)).isCloseTo(-0.1, within(0.01 * 0.1));
    }

    @Test
    void holdsWithoutSlip() throws Exception {
        // rigid friction: the ball stays, to float rounding of the solver's velocities
        assertThat(drift(0)).isCloseTo(0.0, within(1e-4));
    }
}
