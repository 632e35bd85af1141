package io.orrery.system.velocitycontrol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.TwistProtos.Twist;
import io.orrery.physics.ModelState;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.topic.msgs.Messages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** VelocityControl on floating boxes (velocity_control.sdf: no gravity, no contact). */
class VelocityControlSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/velocity_control.sdf");

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void aModelCommandInTheModelFrameDrivesACircleAndALinkCommandSpinsTheLink() throws Exception {
        sim.startPaused(WORLD);
        sim.publish(
                "/model/box/cmd_vel",
                Twist.newBuilder()
                        .setLinear(Messages.vector(1, 0, 0))
                        .setAngular(Messages.vector(0, 0, 0.5))
                        .build());
        sim.publish(
                "/model/spinner/link/body/cmd_vel",
                Twist.newBuilder().setAngular(Messages.vector(0, 0, 2)).build());
        sim.step(2000);

        // The command is taken up in the first step's PostUpdate and acts from the second step: 1.999 s of it.
        double t = 1.999;
        double heading = 0.5 * t;
        double radius = 1 / 0.5; // forward 1 m/s in the model frame while turning at 0.5 rad/s
        ModelState box = sim.model("box");
        // Each 1 ms step moves along a chord of the circle: the chord's sag is r·(wΔt)²/8, 6e-8 m; JBullet works in
        // floats (a few 1e-7 m per step, over 2000 steps), so 1e-3 m.
        assertThat(box.pose().yaw()).isCloseTo(heading, within(1e-3));
        assertThat(box.pose().x()).isCloseTo(radius * Math.sin(heading), within(1e-3));
        assertThat(box.pose().y()).isCloseTo(radius * (1 - Math.cos(heading)), within(1e-3));
        assertThat(box.pose().z()).isCloseTo(1, within(1e-6));

        ModelState spinner = sim.model("spinner");
        assertThat(spinner.pose().yaw()).isCloseTo(2 * t - 2 * Math.PI, within(1e-3));
        assertThat(spinner.pose()
                        .position()
                        .minus(new io.orrery.world.Vec3(5, 0, 1))
                        .length())
                .isCloseTo(0, within(1e-6));

        sim.reset();
        sim.step(100);
        assertThat(sim.model("box")
                        .pose()
                        .position()
                        .minus(new io.orrery.world.Vec3(0, 0, 1))
                        .length())
                .as("no command survives a reset")
                .isCloseTo(0, within(1e-9));
        assertThat(sim.model("spinner").pose().yaw()).isCloseTo(0, within(1e-9));
    }
}
