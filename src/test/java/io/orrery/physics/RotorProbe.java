package io.orrery.physics;

public class RotorProbe {
    public static void main(String[] a) {
        var mode = ArticulationMode.named(a[1]);
        var spec = SimulationFixture.read(java.nio.file.Path.of("src/test/resources/worlds/conformance/rotor.sdf"));
        PhysicsEngine e = a[0].equals("jbullet") ? new io.orrery.physics.jbullet.JBulletPhysicsEngine(mode)
                : new io.orrery.physics.bullet.BulletPhysicsEngine(mode);
        try (var sim = SimulationFixture.of(e, spec, 0.001)) {
            sim.onPreStep((w, i, t) -> w.setJointVelocityCommand("joint_controller_test", "j1", 5));
            for (int i = 1; i <= 2000; i++) {
                sim.step(1);
                if (i <= 5 || i % 200 == 0) {
                    var base = sim.link("joint_controller_test", "base_link");
                    var rotor = sim.link("joint_controller_test", "rotor");
                    System.out.printf("%d base z %.7f v %s w %s | rotor w %s%n", i, base.pose().z(), base.velocity().linear(), base.velocity().angular(), rotor.velocity().angular());
                }
            }
        }
    }
}
