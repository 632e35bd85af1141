package io.orrery.physics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Vec3;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Ray casts and contacts in worlds/sensing.sdf: a ground plane, a static wall whose near face is x = 4.5, and a
 * 0.4 m crate resting on the ground. Positions are float in both engines (JBullet, and Bullet's single-precision
 * build): metres of order one are exact to about 1e-7·5.
 */
class SensingSimulationTests {

    static final double FLOAT = 1e-6;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aRayToTheWallReturnsTheFaceAtItsDistance(Engine engine) {
        try (var sim = SimulationFixture.load(engine, "sensing")) {
            RayHit hit =
                    sim.world().rayCast(new Vec3(0, 0, 1), new Vec3(10, 0, 1)).orElseThrow();
            assertThat(hit.distance()).isCloseTo(4.5, within(FLOAT));
            assertThat(hit.point().x()).isCloseTo(4.5, within(FLOAT));
            assertThat(hit.normal().x()).isCloseTo(-1, within(FLOAT));
            assertThat(hit.model()).isEqualTo("wall");
            assertThat(hit.link()).isEqualTo("slab");
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aRayDownHitsTheGroundAndARayIntoTheSkyHitsNothing(Engine engine) {
        try (var sim = SimulationFixture.load(engine, "sensing")) {
            RayHit hit =
                    sim.world().rayCast(new Vec3(2, 2, 3), new Vec3(2, 2, -1)).orElseThrow();
            assertThat(hit.distance()).isCloseTo(3, within(FLOAT));
            assertThat(hit.normal().z()).isCloseTo(1, within(FLOAT));
            assertThat(hit.model()).isEqualTo("ground");
            assertThat(hit.link()).isEqualTo("plane");
            assertThat(sim.world().rayCast(new Vec3(2, 2, 3), new Vec3(2, 2, 30)))
                    .isEmpty();
            // The crate's top face (z = 0.4) is the closest of crate and ground below it.
            assertThat(sim.world()
                            .rayCast(new Vec3(0, 0, 1), new Vec3(0, 0, -1))
                            .orElseThrow()
                            .model())
                    .isEqualTo("crate");
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aBoxRestingOnTheGroundTouchesItWithNormalsUp(Engine engine) {
        try (var sim = SimulationFixture.load(engine, "sensing")) {
            assertThat(sim.world().contacts("crate", "body")).isEmpty(); // before any step
            sim.step(200);
            List<ContactPoint> contacts = sim.world().contacts("crate", "body");
            // Corners of the bottom face, from a different generator on each engine: on JBullet Orrery's own
            // box-plane generator gives the whole face, four corners, every step (physics.jbullet). On Bullet it is
            // Bullet 3's convex-plane algorithm, which finds the deepest corner and one more from a perturbed
            // orientation each step and keeps them in its persistent manifold while they last: the crate, which
            // lands flat and rests still, keeps the two diagonal corners it met first. (While it still rocked, with
            // Bullet's own solver settings, it collected all four within 17 steps.)
            int corners = engine == Engine.JBULLET ? 4 : 2;
            assertThat(contacts).hasSize(corners).allSatisfy(c -> {
                assertThat(c.otherModel()).isEqualTo("ground");
                assertThat(c.otherLink()).isEqualTo("plane");
                assertThat(c.normal().z()).isCloseTo(1, within(FLOAT));
                assertThat(c.position().z()).isCloseTo(0, within(1e-5));
                // A resting box sinks no deeper than float noise (measured 3e-8 m).
                assertThat(c.depth()).isBetween(0.0, 1e-5);
                assertThat(Math.abs(c.position().x())).isCloseTo(0.2, within(1e-5));
            });
            if (corners == 2) {
                // Diagonal: the crate's centre (over the origin) lies midway between them, so the two hold it up.
                assertThat(contacts.get(0)
                                .position()
                                .plus(contacts.get(1).position())
                                .length())
                        .isLessThan(1e-5);
            }
            // Seen from the ground, the same contacts push down.
            assertThat(sim.world().contacts("ground", "plane"))
                    .hasSize(corners)
                    .allSatisfy(c -> assertThat(c.normal().z()).isCloseTo(-1, within(FLOAT)))
                    .allSatisfy(c -> assertThat(c.otherModel()).isEqualTo("crate"));
            assertThat(sim.world().contacts("wall", "slab")).isEmpty();
            assertThatThrownBy(() -> sim.world().contacts("crate", "lid"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'lid'");
        }
    }
}
