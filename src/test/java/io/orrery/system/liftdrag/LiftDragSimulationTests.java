package io.orrery.system.liftdrag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.physics.Articulation;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PreUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.world.Vec3;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * gz-sim's {@code test/integration/lift_drag_system.cc} (VerifyVerticalForce) re-expressed over its own worlds
 * (vendored in {@code worlds/gz-sim-tests}, the nested one including {@code models/lift_drag_wing} as gz-sim's test
 * sets GZ_SIM_RESOURCE_PATH): a body on a prismatic joint along x, held at -0.2 m/s by a force of 100 times the speed
 * error, carries two wings rolled by ±0.1 rad, each with a LiftDrag of a0 0.1, cla 4, area 10, air density 1.2041.
 * For the last 15 of 1,000 steps the vertical force LiftDrag put on wing_1 must be cla a0 q area cos(0.1), q from the
 * body's speed that step, within the test's TOL of 1e-4, and above zero. Gazebo reads the force back from the link's
 * wrench component; here a physics world that forwards every call records what the system handed it.
 *
 * <p>The engine is the default one, JBullet, with its joints held exactly ({@link Articulation#PROJECTED}) as DART's
 * are in Gazebo's run: the wing is 1 kg at 5.5 m on a fixed joint, and under the solver's constraints alone it sways
 * by about 1e-5 rad/s and 2e-5 m/s, which moves its angle of attack by some 2e-4 rad and the lift by 3e-4 to 7e-4 N
 * (measured), more than the test's 1e-4. The lift the system computes is the same either way; what moves is the
 * wing.
 */
class LiftDragSimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");
    static final double TOL = 1e-4;
    static final int TEST_ITERS = 1000;

    // parameters from the SDF, as the .cc names them
    static final double A0 = 0.1;
    static final double CLA = 4.0;
    static final double DIHEDRAL = 0.1;
    static final double RHO = 1.2041;
    static final double AREA = 10;

    static final String MODEL = "lift_drag_demo_model";
    static final double DESIRED_VEL = -0.2;
    static final double KP = 100.0;

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** The forces LiftDrag hands the engine for one link, each with the body's x velocity at that moment. */
    static final class WrenchRecorder implements PhysicsEngine {
        final String blade;
        final List<double[]> forceZAndBodyVx = Collections.synchronizedList(new ArrayList<>());

        WrenchRecorder(String blade) {
            this.blade = blade;
        }

        @Override
        public PhysicsWorld build(io.orrery.world.WorldSpec world) {
            PhysicsWorld real = new JBulletPhysicsEngine(Articulation.PROJECTED).build(world);
            return (PhysicsWorld) Proxy.newProxyInstance(
                    PhysicsWorld.class.getClassLoader(), new Class<?>[] {PhysicsWorld.class}, (proxy, method, args) -> {
                        if (method.getName().equals("addLinkWrench")
                                && args[0].equals(MODEL)
                                && args[1].equals(blade)) {
                            double vx = real.model(MODEL)
                                    .orElseThrow()
                                    .link("body")
                                    .orElseThrow()
                                    .velocity()
                                    .linear()
                                    .x();
                            forceZAndBodyVx.add(new double[] {((Vec3) args[2]).z(), vx});
                        }
                        try {
                            return method.invoke(real, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }

    /** The .cc's velocity controller: a force on body_joint of kp times the error in the body's x speed. */
    static final PreUpdate HOLD_SPEED = (UpdateInfo info, PhysicsWorld world) -> {
        double vx = world.model(MODEL)
                .orElseThrow()
                .link("body")
                .orElseThrow()
                .velocity()
                .linear()
                .x();
        world.setJointForce(MODEL, "body_joint", KP * (DESIRED_VEL - vx));
    };

    @ParameterizedTest
    @CsvSource({"lift_drag.sdf, wing_1", "lift_drag_nested_model.sdf, wing_1::base_link"})
    void verifyVerticalForce(String file, String blade) throws Exception {
        WrenchRecorder recorder = new WrenchRecorder(blade);
        sim.engine(recorder).modelPath(WORLDS.resolve("models")).system(HOLD_SPEED);
        sim.startPaused(WORLDS.resolve(file));
        sim.step(TEST_ITERS);

        List<double[]> forces = List.copyOf(recorder.forceZAndBodyVx);
        // Gazebo applies nothing while the inflow is under 0.01 m/s, so the first steps of the run-up record nothing
        assertThat(forces).hasSizeGreaterThan(TEST_ITERS - 50).hasSizeLessThanOrEqualTo(TEST_ITERS);
        for (double[] f : forces.subList(forces.size() - 15, forces.size())) {
            double v = f[1];
            double q = 0.5 * RHO * v * v;
            double cl = CLA * A0 * q * AREA;
            double vertForce = f[0];
            assertThat(vertForce).isCloseTo(cl * Math.cos(DIHEDRAL), within(TOL));
            assertThat(vertForce).isPositive();
        }
        // the controller reached the speed the force is computed at
        assertThat(forces.get(forces.size() - 1)[1]).isCloseTo(DESIRED_VEL, within(1e-2));
    }
}
