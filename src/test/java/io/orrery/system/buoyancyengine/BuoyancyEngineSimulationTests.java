package io.orrery.system.buoyancyengine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.DoubleProtos;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.world.Pose;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/buoyancy_engine.cc} re-expressed over its own world, {@code buoyancy_engine.sdf}
 * (vendored in {@code worlds/gz-sim-tests}), on the default engine: two 1,000 kg boxes of 1 m³ in water of 1,000 kg/m³
 * (the Buoyancy system holds them neutral), each with a bladder at its neutral 0.002 m³, bounded to 0.001 to 0.003 m³
 * and filled at 3e-4 m³/s; one has a surface at z = 0. Over 10,000 steps of 1 ms after a set point of 0 (TestDownward)
 * or 10 (TestUpward) on {@code /model/buoyant_box/buoyancy_engine}, the box sinks or rises with x and y unchanged to
 * 1e-3 m (Gazebo's tolerance); the one with a surface rises but never above 0.1 m (TestUpwardSurface).
 *
 * <p>Beyond Gazebo's assertions, the motion is the one the bladder's force predicts: the volume moves 3e-4 m³/s to its
 * bound in 10/3 s, so the box accelerates at 9.8 · ΔV m/s² (ΔV = V − 0.002; 1,000 kg/m³ over 1,000 kg), z(t) = ∓4.9e-4
 * t³ until then and ∓9.8e-3 m/s² after: ∓0.344815 m at 10 s. The bound, 1e-3 m, is ten times the semi-implicit Euler
 * step's error, the acceleration times the time times the step (9.8e-3 · 10 · 1e-3 = 1e-4 m).
 */
class BuoyancyEngineSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/buoyancy_engine.sdf");
    /** Gazebo's test publishes on {@code .../buoyancy_engine/}; gz-transport's names drop the trailing '/'. */
    static final String COMMAND = "/model/buoyant_box/buoyancy_engine";

    static final double TEN_SECONDS_DROP = 4.9e-4 * Math.pow(10.0 / 3, 3)
            + 1.47e-3 * Math.pow(10.0 / 3, 2) * (20.0 / 3)
            + 0.5 * 9.8e-3 * Math.pow(20.0 / 3, 2);

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void testDownward() throws Exception {
        List<Pose> poses = run(0, "buoyant_box");
        Pose first = poses.get(0);
        Pose last = poses.get(poses.size() - 1);
        assertThat(last.z()).isLessThan(first.z());
        assertThat(last.x()).isCloseTo(first.x(), within(1e-3));
        assertThat(last.y()).isCloseTo(first.y(), within(1e-3));
        assertThat(last.z()).isCloseTo(-TEN_SECONDS_DROP, within(1e-3));
    }

    @Test
    void testUpward() throws Exception {
        List<Pose> poses = run(10, "buoyant_box");
        Pose first = poses.get(0);
        Pose last = poses.get(poses.size() - 1);
        assertThat(last.z()).isGreaterThan(first.z());
        assertThat(last.x()).isCloseTo(first.x(), within(1e-3));
        assertThat(last.y()).isCloseTo(first.y(), within(1e-3));
        assertThat(last.z()).isCloseTo(TEN_SECONDS_DROP, within(1e-3));
    }

    @Test
    void testUpwardSurface() throws Exception {
        List<Pose> poses = run(10, "buoyant_box_w_surface");
        Pose first = poses.get(0);
        Pose last = poses.get(poses.size() - 1);
        assertThat(poses).allSatisfy(p -> assertThat(p.z()).isLessThan(0 + 0.1));
        assertThat(last.z()).isGreaterThan(first.z());
        assertThat(last.x()).isCloseTo(first.x(), within(1e-3));
        assertThat(last.y()).isCloseTo(first.y(), within(1e-3));
    }

    @Test
    void theBladderFillsAtItsRateToItsBoundAndAResetEmptiesItToItsDefault() throws Exception {
        sim.startPaused(WORLD);
        List<DoubleProtos.Double> volumes =
                sim.collect("/model/buoyant_box/buoyancy_engine/current_volume", DoubleProtos.Double.class);
        sim.publish(COMMAND, 10);
        sim.step(1000);
        // both boxes' engines publish on the shared namespace's topic: two messages a step
        assertThat(volumes).hasSize(2000);
        // 1 s at 3e-4 m³/s from 0.002 m³
        assertThat(volumes.get(volumes.size() - 1).getData()).isCloseTo(0.0023, within(1e-12));
        sim.step(3000);
        assertThat(volumes.get(volumes.size() - 1).getData()).isEqualTo(0.003); // the max_volume bound
        sim.reset();
        volumes.clear();
        sim.step(1);
        assertThat(volumes).extracting(DoubleProtos.Double::getData).containsOnly(0.002);
    }

    private List<Pose> run(double setPoint, String model) throws Exception {
        sim.startPaused(WORLD);
        sim.publish(COMMAND, setPoint);
        List<Pose> poses = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            sim.step(1);
            poses.add(sim.model(model).pose());
        }
        return poses;
    }
}
