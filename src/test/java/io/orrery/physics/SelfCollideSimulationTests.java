package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.WorldSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * SDF's {@code <self_collide>}: the links of one model meet each other only when the model or one of the two links
 * says so (default false, as in Gazebo), so a robot whose CAD hulls overlap near its joints is not pushed apart by
 * itself. Two unjointed 0.2 m boxes of one model, the upper one placed on the lower (its centre 0.3 m up), on both
 * engines.
 */
class SelfCollideSimulationTests {

    @TempDir
    Path dir;

    WorldSpec world(String modelSelfCollide, String upperSelfCollide) throws Exception {
        String box = "<inertial><mass>1</mass><inertia><ixx>0.00667</ixx><iyy>0.00667</iyy><izz>0.00667</izz>"
                + "</inertia></inertial><collision name='c'><geometry><box><size>0.2 0.2 0.2</size></box></geometry>"
                + "</collision>";
        Path file = dir.resolve("pair.sdf");
        Files.writeString(file, """
                <sdf version='1.11'><world name='w'>
                  <physics type='ode'><max_step_size>0.001</max_step_size></physics>
                  <model name='ground'><static>true</static><link name='l'><collision name='c'><geometry>
                    <plane><normal>0 0 1</normal></plane></geometry></collision></link></model>
                  <model name='pair'>%s
                    <link name='lower'><pose>0 0 0.1 0 0 0</pose>%s</link>
                    <link name='upper'><pose>0 0 0.3 0 0 0</pose>%s%s</link>
                  </model>
                </world></sdf>""".formatted(modelSelfCollide, box, upperSelfCollide, box));
        return SimulationFixture.read(file);
    }

    static double upperHeightAfterOneSecond(Engine engine, WorldSpec world) {
        try (SimulationFixture f = SimulationFixture.of(engine, world)) {
            f.step(1000);
            return f.link("pair", "upper").pose().z();
        }
    }

    /**
     * Without {@code <self_collide>} the upper box falls through the lower one onto the ground: its centre 0.1 m up.
     * The bound, 5 mm, is the engines' contact margin and resting penetration on a plane (under 1 mm on both), with
     * room; meeting the lower box would leave it at 0.3 m.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void linksOfOneModelPassThroughEachOtherByDefault(Engine engine) throws Exception {
        assertThat(upperHeightAfterOneSecond(engine, world("", "")))
                .as(engine + ": upper box z, m")
                .isCloseTo(0.1, within(0.005));
    }

    /** With the model's {@code <self_collide>true}, the upper box stays on the lower: 0.3 m, to the same 5 mm. */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void theModelsSelfCollideMakesThemMeet(Engine engine) throws Exception {
        assertThat(upperHeightAfterOneSecond(engine, world("<self_collide>true</self_collide>", "")))
                .as(engine + ": upper box z, m")
                .isCloseTo(0.3, within(0.005));
    }

    /** One link's own {@code <self_collide>} is enough: two links meet when either says so. */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void oneLinksSelfCollideIsEnough(Engine engine) throws Exception {
        assertThat(upperHeightAfterOneSecond(engine, world("", "<self_collide>true</self_collide>")))
                .as(engine + ": upper box z, m")
                .isCloseTo(0.3, within(0.005));
    }
}
