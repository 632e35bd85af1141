package io.orrery.system.thruster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.BatteryStateProtos.BatteryState;
import com.gz.msgs.BoolProtos;
import io.orrery.ops.PhysicsEngines;
import io.orrery.physics.Articulation;
import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.Twist;
import io.orrery.physics.WorldView;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PostUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/thruster.cc} re-expressed over its own worlds (vendored in
 * {@code worlds/gz-sim-tests}), with its parameters, step counts and tolerances, on the default engine: a 100 kg
 * cylinder in a world without gravity, its 0.1 kg propeller on a revolute joint along x. 100 steps idle (the model at
 * the origin, the propeller still), 100 steps after a command outside the limits (no motion at all), then 300 N (or
 * the spin for it) until the model passes x = 5 m in blocks of 100 steps: every step the model is where F t² / 2m
 * puts it within 1e-2 m and otherwise level within the test's base tolerance, and past step 25 the propeller spins at
 * the speed the thrust needs, within 0.1 rad/s. Gazebo reads the model pose and the propeller's world velocities from
 * the ECM in PostUpdate; here a PostUpdate probe reads them from the world. BatteryIntegration is re-expressed with
 * what the .cc leaves out (see {@link #batteryIntegration()}). Not re-expressed: VelocityControl ({@code thruster_vel_cmd.sdf}), whose
 * propeller, spun at 127 rad/s by the joint's velocity command, wobbles about y to 0.01003 rad/s at step 486 on the
 * default engine (0.01004 with the joints held exactly, 0.01001 on JBullet; measured), over the .cc's 1e-2: an open
 * item, not a bound to widen. PIDControl runs with the joints held exactly, saying why.
 */
class ThrusterSimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** The .cc's PostUpdate: the model's pose and the propeller's world velocities after every step. */
    static final class Probe implements PostUpdate, Stateless {
        final List<Pose> poses = Collections.synchronizedList(new ArrayList<>());
        final List<Twist> propeller = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            if (info.paused()) {
                return;
            }
            var model = world.model("sub").orElseThrow(() -> new AssertionError("no model 'sub'"));
            poses.add(model.pose());
            propeller.add(model.link("propeller")
                    .map(LinkState::velocity)
                    .orElseThrow(() -> new AssertionError("no link 'propeller'")));
        }

        void clear() {
            poses.clear();
            propeller.clear();
        }
    }

    @Test
    void angVelCmdControl() throws Exception {
        // tolerance high because the joint command disturbs the vehicle body
        testWorld(
                "thruster_ang_vel_cmd.sdf",
                "custom",
                "/model/custom/joint/propeller_joint/cmd_vel",
                0.005,
                950,
                0.2,
                1e-2,
                0.2,
                1,
                0,
                false,
                true,
                100.01,
                0,
                null);
    }

    @Test
    void ccwForceCmdControl() throws Exception {
        testWorld(
                "thruster_ccw_force_cmd.sdf",
                "custom",
                "/model/custom/joint/propeller_joint/cmd_thrust",
                -0.005,
                950,
                0.2,
                1e-2,
                0.2,
                1,
                0,
                false,
                false,
                100.1,
                0,
                null);
    }

    @Test
    void ccwAngVelCmdControl() throws Exception {
        testWorld(
                "thruster_ccw_ang_vel_cmd.sdf",
                "custom",
                "/model/custom/joint/propeller_joint/cmd_vel",
                -0.005,
                950,
                0.2,
                1e-2,
                0.2,
                1,
                0,
                false,
                true,
                100.1,
                0,
                null);
    }

    @Test
    void pidControl() throws Exception {
        // the default engine with its joints held exactly: under the solver's constraints alone the idle propeller
        // turns at 2.9e-5 rad/s after the first step (measured), where the .cc expects zero to 1e-6
        sim.engine(projected());
        // the .cc: "Tolerance could be lower (1e-6) if the joint pose had a precise 180 rotation"
        testWorld(
                "thruster_pid.sdf",
                "sub",
                "/model/sub/joint/propeller_joint/cmd_thrust",
                0.004,
                1000,
                0.2,
                1e-4,
                0.2,
                1,
                0,
                false,
                false,
                100.1,
                0,
                null);
    }

    @Test
    void thrustCoefficient() throws Exception {
        testWorld(
                "thrust_coefficient.sdf",
                "custom",
                "/model/custom/joint/propeller_joint/cmd_thrust",
                1,
                950,
                0.25,
                1e-2,
                0.2,
                0.9,
                0.01,
                true,
                false,
                100.1,
                0,
                null);
    }

    @Test
    void thrusterDeadBand() throws Exception {
        testWorld(
                "thruster_deadband.sdf",
                "deadband",
                "/model/deadband/joint/propeller_joint/cmd_thrust",
                0.005,
                950,
                0.25,
                1e-2,
                0.2,
                0.9,
                0.01,
                false,
                false,
                100.1,
                50.0,
                "/model/deadband/joint/propeller_joint/enable_deadband");
    }

    /**
     * BatteryIntegration ({@code thruster_battery.sdf}): the thruster (velocity control) and a LinearBatteryPlugin of
     * 0.00005 Ah drawing 28.8 W at 14.4 V on one model; the battery starts draining at the first joint velocity command
     * other than 0, and once it is empty the thruster stops. The .cc skips its stepping loop for this world, so its
     * checks after the 300 N command run over empty lists; here the model runs 1,000 steps after the command and the
     * .cc's checks apply: before the battery is empty, the motion and spin of the other worlds (1e-2 m, 0.1 rad/s);
     * after it, no acceleration (successive displacements equal to 1e-6 m). When it empties is derived from the
     * world's numbers ({@link #emptyAfter}); the .cc's "after step 545" is a bound past it (about step 457). Not
     * checked once the battery is empty: the propeller's spin. Nothing brakes it once the thruster stops commanding
     * its joint (the world gives the joint no damping or friction), so it turns on where the .cc expects 0 after step
     * 545, and its wobble about y, VelocityControl's open item (same model, same spin), reaches 0.01003 rad/s at step
     * 486 (measured), over the .cc's 1e-2.
     */
    @Test
    void batteryIntegration() throws Exception {
        testWorld(
                "thruster_battery.sdf",
                "lowbattery",
                "/lowbattery/thrust",
                0.005,
                950,
                0.25,
                1e-2,
                0.2,
                1,
                0,
                false,
                false,
                100.1,
                0,
                null);
    }

    /**
     * The time (s) a linear battery of {@code chargeAh} drawing {@code watts} at {@code volts} runs from the start of
     * draining: its current rises as {@code I (1 - e^(-t/tau))}, so the charge drawn by t is
     * {@code I (t - tau (1 - e^(-t/tau)))}; solved by bisection. The resistance's drop (0.006 V here) is left out.
     */
    static double emptyAfter(double chargeAh, double watts, double volts, double tau) {
        double current = watts / volts;
        double lo = 0;
        double hi = 1e6;
        for (int i = 0; i < 200; i++) {
            double t = (lo + hi) / 2;
            double drawn = current * (t - tau * (1 - Math.exp(-t / tau)));
            if (drawn < chargeAh * 3600) {
                lo = t;
            } else {
                hi = t;
            }
        }
        return lo;
    }

    private void testWorld(
            String world,
            String namespace,
            String topic,
            double thrustCoefficient,
            double density,
            double diameter,
            double baseTol,
            double wakeFraction,
            double alpha1,
            double alpha2,
            boolean calculateCoefficient,
            boolean useAngVelCmd,
            double mass,
            double deadband,
            String deadbandTopic)
            throws Exception {
        Probe probe = new Probe();
        sim.system(probe);
        sim.startPaused(WORLDS.resolve(world));
        double dt = 0.001; // the worlds' default step

        // at rest
        sim.step(100);
        assertThat(probe.poses).hasSize(100);
        for (int i = 0; i < 100; i++) {
            assertSamePose("idle at " + (i + 1), probe.poses.get(i), Pose.IDENTITY);
            assertSameVector(
                    "propeller idle at " + (i + 1), probe.propeller.get(i).angular(), Vec3.ZERO);
        }

        // a command outside the limits (or under the deadband) moves nothing
        double invalid = (useAngVelCmd && thrustCoefficient < 0) ? 1000 : -1000;
        if (namespace.equals("deadband")) {
            invalid = deadband / 2.0;
        }
        double idleX = last(probe.poses).x();
        probe.clear();
        sim.publish(topic, invalid);
        sim.step(100);
        assertThat(probe.poses).hasSize(100);
        // EXPECT_DOUBLE_EQ(0.0, x), equal to 4 ulps: here to within 1e-12 m of where it was at rest. The model frame
        // is derived from its body, placed at a pitch of 1.57 in it, so its x at rest is not 0.0 but about 1e-20, and
        // the solver's rounding moves it by some 1e-22 in 100 steps; the smallest thrust a broken clamp could let
        // through (1 µN) would move the 100.1 kg model 5e-11 m in that time, and the -1000 N sent 0.05 m
        assertThat(last(probe.poses).x()).isCloseTo(idleX, within(1e-12));
        probe.clear();

        double force = 300.0;
        double omega = Math.sqrt(Math.abs(force / (density * thrustCoefficient * Math.pow(diameter, 4))));
        omega *= force * thrustCoefficient > 0 ? 1 : -1;
        boolean lowBattery = namespace.equals("lowbattery");
        // the step the battery is empty at, from the world's numbers; a few steps either side are not checked: the
        // drain starts in the step of the first command or the next, and the thruster reads the charge a step late
        int empty = lowBattery ? (int) Math.round(emptyAfter(0.00005, 28.8, 14.4, 1.0) / dt) : Integer.MAX_VALUE;
        int margin = 5;
        if (lowBattery) {
            // nothing drains before a joint is commanded to move: the idle and invalid (0 N) phases left it full
            assertThat(battery()).isEqualTo(0.00005 / 400 * 100);
        }
        sim.publish(topic, useAngVelCmd ? omega : force);
        if (lowBattery) {
            sim.step(1000);
            assertThat(battery()).as("the battery's charge (%)").isLessThanOrEqualTo(0);
        } else {
            int sleep = 0;
            int maxSleep = 30;
            for (; (probe.poses.isEmpty() || last(probe.poses).x() < 5.0) && sleep < maxSleep; sleep++) {
                sim.step(100);
            }
            assertThat(sleep).isLessThan(maxSleep);
            assertThat(last(probe.poses).x()).isGreaterThan(5.0);
            assertThat(probe.poses).hasSize(100 * sleep);
        }

        double xTol = 1e-2;
        List<Pose> poses = List.copyOf(probe.poses);
        for (int i = 0; i < poses.size(); i++) {
            Pose pose = poses.get(i);
            double time = dt * i;
            String at = world + " step " + i;
            if (i >= empty - margin) {
                if (i >= empty + margin) {
                    // out of charge: no thrust, so no acceleration
                    double now = pose.x() - poses.get(i - 1).x();
                    double before = poses.get(i - 1).x() - poses.get(i - 2).x();
                    assertThat(now).as(at).isCloseTo(before, within(1e-6));
                }
                continue;
            }
            assertThat(pose.x()).as(at).isCloseTo(force * time * time / (2 * mass), within(xTol));
            assertThat(pose.y()).as(at).isCloseTo(0, within(baseTol));
            assertThat(pose.z()).as(at).isCloseTo(0, within(baseTol));
            assertThat(pose.pitch()).as(at).isCloseTo(0, within(baseTol));
            assertThat(pose.yaw()).as(at).isCloseTo(0, within(baseTol));
            // the joint velocity command rolls the body, which the PID's wrench does not
            boolean jointCommanded = namespace.equals("custom") || lowBattery;
            assertThat(pose.roll()).as(at).isCloseTo(0, within(jointCommanded ? 0.1 : baseTol));
        }
        // the propeller's axis in the world: x, as the .cc computes it from the joint (link at its start pose)
        Vec3 unit = new Vec3(1, 0, 0);
        double omegaTol = 1e-1;
        List<Twist> vels = List.copyOf(probe.propeller);
        for (int i = 0; i < vels.size(); i++) {
            double angularVelocity = vels.get(i).angular().dot(unit);
            double k = thrustCoefficient;
            if (calculateCoefficient && Math.abs(angularVelocity) > 1e-6) {
                k = alpha1
                        + alpha2
                                * (((1 - wakeFraction) * vels.get(i).linear().length()) / (angularVelocity * diameter));
            }
            double w = Math.sqrt(Math.abs(force / (density * k * Math.pow(diameter, 4))));
            w *= force * k > 0 ? 1 : -1;
            Vec3 angVel = vels.get(i).angular();
            String at = world + " step " + i;
            if (i >= empty - margin) {
                continue; // the freed propeller: see batteryIntegration
            }
            if (i > 25 && !namespace.equals("deadband")) {
                assertThat(angVel.x()).as(at).isCloseTo(w, within(omegaTol));
            }
            assertThat(angVel.y()).as(at).isCloseTo(0, within(baseTol));
            assertThat(angVel.z()).as(at).isCloseTo(0, within(baseTol));
        }
        probe.clear();

        if (namespace.equals("deadband")) {
            // with the deadband off, a thrust under it moves the model
            force = deadband / 2.0;
            sim.publish(
                    deadbandTopic,
                    BoolProtos.Boolean.newBuilder().setData(false).build());
            sim.publish(topic, force);
            sim.step(1000);
            assertThat(probe.poses).hasSize(1000);
            assertThat(last(probe.poses).x()).isGreaterThan(0.1);
            double w = Math.sqrt(Math.abs(force / (density * thrustCoefficient * Math.pow(diameter, 4))));
            w *= force * thrustCoefficient > 0 ? 1 : -1;
            for (int i = 25; i < probe.propeller.size(); i++) {
                assertThat(probe.propeller.get(i).angular().x())
                        .as("step %d", i)
                        .isCloseTo(w, within(omegaTol));
            }
        }
    }

    /** The state of charge (%) in the last state message of the thruster_battery world's battery. */
    private double battery() {
        return sim.latest("/model/sub/battery/linear_battery/state", BatteryState.class)
                .getPercentage();
    }

    /**
     * The default engine with its joints held exactly ({@link Articulation#PROJECTED}), as DART holds them in
     * Gazebo's run.
     */
    private static PhysicsEngine projected() {
        return PhysicsEngines.named(PhysicsEngines.NAMES.get(0), Articulation.PROJECTED);
    }

    private static Pose last(List<Pose> poses) {
        synchronized (poses) {
            return poses.get(poses.size() - 1);
        }
    }

    /** gz-math's {@code Pose3d ==}: positions to 1e-6, quaternion components to 1e-3. */
    static void assertSamePose(String what, Pose got, Pose want) {
        assertSameVector(what, got.position(), want.position());
        assertThat(got.rotation().w()).as(what).isCloseTo(want.rotation().w(), within(1e-3));
        assertThat(got.rotation().x()).as(what).isCloseTo(want.rotation().x(), within(1e-3));
        assertThat(got.rotation().y()).as(what).isCloseTo(want.rotation().y(), within(1e-3));
        assertThat(got.rotation().z()).as(what).isCloseTo(want.rotation().z(), within(1e-3));
    }

    /** gz-math's {@code Vector3d ==}: each component to 1e-6. */
    static void assertSameVector(String what, Vec3 got, Vec3 want) {
        assertThat(got.x()).as(what).isCloseTo(want.x(), within(1e-6));
        assertThat(got.y()).as(what).isCloseTo(want.y(), within(1e-6));
        assertThat(got.z()).as(what).isCloseTo(want.z(), within(1e-6));
    }
}
