package io.orrery.physics;

import io.orrery.physics.bullet.BulletPhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import java.util.ArrayList;
import java.util.List;

/**
 * An engine in an articulation mode ({@code orrery.physics.articulation}): what the conformance tests that hold
 * joints to Gazebo's tolerances run against, each case once per engine and mode.
 *
 * @param engine the engine
 * @param articulation how it holds links to their joints
 */
public record Physics(Engine engine, Articulation articulation) {

    /** Every engine in every mode, for {@code @MethodSource("io.orrery.physics.Physics#all")}. */
    public static List<Physics> all() {
        List<Physics> all = new ArrayList<>();
        for (Engine engine : Engine.values()) {
            for (Articulation mode : Articulation.values()) {
                all.add(new Physics(engine, mode));
            }
        }
        return all;
    }

    public PhysicsEngine create() {
        return engine == Engine.JBULLET
                ? new JBulletPhysicsEngine(articulation)
                : new BulletPhysicsEngine(articulation);
    }

    public boolean projected() {
        return articulation == Articulation.PROJECTED;
    }

    @Override
    public String toString() {
        return engine + " " + articulation.id();
    }
}
