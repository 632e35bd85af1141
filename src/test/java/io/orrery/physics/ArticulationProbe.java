package io.orrery.physics;

import io.orrery.world.Vec3;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Scratch: measures the suite's figures on each engine. Not committed. */
public class ArticulationProbe {

    public static void main(String[] args) {
        for (String e : args) {
            new ArticulationProbe().measure(Engine.valueOf(e));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void measure(Engine engine) {
        StringBuilder out = new StringBuilder("[probe] " + engine + " " + System.getProperty("mode") + "\n");
        try (var sim = load(engine, "conformance/rotor")) {
            double[] worst = new double[3];
            sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("joint_controller_test", "j1", i < 1000 ? 5 : 10));
            sim.onPostStep((w, i, t) -> {
                double target = i <= 1000 ? 5 : 10;
                Vec3 av = sim.link("joint_controller_test", "rotor").velocity().angular();
                double jv = w.joint("joint_controller_test", "j1").orElseThrow().velocity();
                worst[0] = Math.max(worst[0], Math.abs(av.z() - target));
                worst[1] = Math.max(worst[1], Math.hypot(av.x(), av.y()));
                worst[2] = Math.max(worst[2], Math.abs(jv - target));
            });
            sim.step(2000);
            out.append(String.format("rotor: |wz-target| %.3g, off-axis %.3g, |joint v - target| %.3g%n", worst[0],
                    worst[1], worst[2]));
        }
        try (var sim = load(engine, "conformance/velocity_position")) {
            double[] target = {-2};
            sim.onPreStep((w, i, t) -> {
                double err = w.joint("joint_position_controller_test", "j1").orElseThrow().position() - target[0];
                w.setJointVelocityCommand("joint_position_controller_test", "j1", -err / 0.001);
            });
            sim.step(1);
            double p1 = sim.world().joint("joint_position_controller_test", "j1").orElseThrow().position();
            target[0] = 2;
            sim.step(1);
            double p2 = sim.world().joint("joint_position_controller_test", "j1").orElseThrow().position();
            out.append(String.format("velocity-mode position: -2 -> %.6g, 2 -> %.6g%n", p1, p2));
        }
        try (var sim = load(engine, "conformance/spin")) {
            sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("spinner", "axle", 1e6));
            sim.step(100);
            JointState j = sim.world().joint("spinner", "axle").orElseThrow();
            out.append(String.format("spin 3000 rad/s: v %.6g, position after 0.1 s %.6g (ideal 300)%n", j.velocity(),
                    j.position()));
        }
        try (var sim = load(engine, "conformance/double_pendulum")) {
            double e0 = pendulumEnergy(sim);
            double worst = 0;
            for (int i = 0; i < 10_000; i++) {
                sim.step(1);
                worst = Math.max(worst, Math.abs(pendulumEnergy(sim) - e0));
            }
            out.append(String.format("double pendulum: |E - E0| max %.4g J, at 10 s %.4g J%n", worst,
                    pendulumEnergy(sim) - e0));
        }
        try (var sim = load(engine, "conformance/chain")) {
            double worst = 0;
            for (int i = 0; i < 5000; i++) {
                sim.step(1);
                for (JointState j : sim.model("chain").joints()) {
                    worst = Math.max(worst, Math.abs(j.velocity()));
                }
            }
            Vec3 tip = sim.link("chain", "link9").pose().position();
            out.append(String.format("chain: max |joint v| %.3g, tip moved %.3g%n", worst,
                    tip.minus(new Vec3(0, 0, 1.1)).length()));
        }
        try (var sim = load(engine, "conformance/fixed_base")) {
            sim.step(2000);
            out.append(String.format("fixed base: moved %.3g m, falling box z %.4f%n",
                    sim.pose("box_fixed_world_joint").position().length(), sim.pose("falling").z()));
        }
        try (var sim = load(engine, "conformance/imu")) {
            // lands at t = sqrt(2 (3 - 0.5... ) / 5)
            double tHit = Math.sqrt((3.0 - 0.05) * 2 / 5);
            int steps = (int) Math.ceil((tHit + 0.5) / 0.001);
            Vec3[] prev = {null};
            double[] acc = new double[1];
            sim.onPostStep((w, i, t) -> {
                Vec3 v = sim.link("imu_model", "link").velocity().linear();
                if (prev[0] != null) {
                    acc[0] = v.minus(prev[0]).times(1000).length();
                }
                prev[0] = v;
            });
            sim.step(steps);
            var l = sim.link("imu_model", "link");
            out.append(String.format("box 0.5 s after landing: |v| %.3g, |w| %.3g, |dv/dt| %.3g, z %.5f%n",
                    l.velocity().linear().length(), l.velocity().angular().length(), acc[0], l.pose().z()));
        }
        System.out.println(out);
    }

    static double pendulumEnergy(SimulationFixture sim) {
        double e = 0;
        for (String name : new String[] {"upper", "lower"}) {
            LinkState l = sim.link("double_pendulum", name);
            // the centre of mass is 0.5 m along the link's -Z
            Vec3 com = l.pose().apply(new Vec3(0, 0, -0.5));
            Vec3 w = l.velocity().angular();
            Vec3 v = l.velocity().linear().plus(w.cross(com.minus(l.pose().position())));
            // I about the centre: 1/12 m L^2 perpendicular, tiny axial
            Vec3 wl = l.pose().rotation().conjugate().rotate(w);
            double rot = 0.5 * (wl.x() * wl.x() / 12 + wl.y() * wl.y() / 12 + 0.5 * 0.0004 * wl.z() * wl.z());
            e += 9.8 * com.z() + 0.5 * v.dot(v) + rot;
        }
        return e;
    }

    static SimulationFixture load(Engine engine, String name) {
        var mode = io.orrery.physics.ArticulationMode.named(System.getProperty("mode", "constraints"));
        var spec = SimulationFixture.read(java.nio.file.Path.of("src/test/resources/worlds", name + ".sdf"));
        PhysicsEngine e = engine == Engine.JBULLET ? new io.orrery.physics.jbullet.JBulletPhysicsEngine(mode)
                : new io.orrery.physics.bullet.BulletPhysicsEngine(mode);
        return SimulationFixture.of(e, spec, spec.physics().maxStepSize());
    }
}
