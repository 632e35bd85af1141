package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A joint whose limits do not hold 0 (the Panda's joint4 is limited to [−3.07, −0.07] rad) starts at 0, outside
 * them, and is brought inside, on both engines, for limits on either side of 0 and joints to the world or to a
 * link. Bullet's six-degree-of-freedom constraint measures a rotation the other way round from SDF; its limits were
 * once given unturned, so a revolute joint settled at the mirror of its range (+0.07 where −0.07 was the bound).
 */
class JointLimitSimulationTests {

    @TempDir
    Path dir;

    /**
     * After 0.5 s without gravity, the joint is within its limits to 0.01 (rad or m): the limit's own softness and
     * the push out of the starting violation leave it well inside that (the largest overshoot seen was 4 mm).
     */
    @ParameterizedTest
    @CsvSource({
        "JBULLET, revolute, world, -3.07, -0.0698",
        "JBULLET, revolute, base, -3.07, -0.0698",
        "JBULLET, revolute, base, 0.1, 0.3",
        "JBULLET, prismatic, base, 0.1, 0.3",
        "JBULLET, prismatic, world, -2, -0.5",
        "BULLET, revolute, world, -3.07, -0.0698",
        "BULLET, revolute, base, -3.07, -0.0698",
        "BULLET, revolute, base, 0.1, 0.3",
        "BULLET, prismatic, base, 0.1, 0.3",
        "BULLET, prismatic, world, -2, -0.5"
    })
    void aJointStartingOutsideItsLimitsIsBroughtInside(
            Engine engine, String type, String parent, double lower, double upper) throws Exception {
        Path file = dir.resolve("limits.sdf");
        String inertial = "<inertial><mass>1</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia>"
                + "</inertial>";
        Files.writeString(file, """
                <sdf version='1.11'><world name='w'><gravity>0 0 0</gravity>
                  <model name='m'>
                    <link name='base'>%s</link>
                    <joint name='fix' type='fixed'><parent>world</parent><child>base</child></joint>
                    <link name='arm'><pose>0.5 0 0 0 0 0</pose>%s</link>
                    <joint name='j' type='%s'><pose>-0.5 0 0 0 0 0</pose><parent>%s</parent><child>arm</child>
                      <axis><xyz>0 0 1</xyz><limit><lower>%s</lower><upper>%s</upper></limit></axis></joint>
                  </model></world></sdf>""".formatted(inertial, inertial, type, parent, lower, upper));
        try (SimulationFixture f = SimulationFixture.of(engine, SimulationFixture.read(file))) {
            f.step(500);
            double position = f.model("m").joint("j").orElseThrow().position();
            assertThat(position)
                    .as("%s %s joint to %s limited to [%s, %s]", engine, type, parent, lower, upper)
                    .isBetween(lower - 0.01, upper + 0.01);
        }
    }
}
