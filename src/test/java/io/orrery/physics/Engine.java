package io.orrery.physics;

import io.orrery.physics.bullet.BulletPhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import java.util.Locale;

/** The physics engines a conformance test runs against. */
public enum Engine {
    JBULLET,
    BULLET;

    public PhysicsEngine create() {
        return this == JBULLET ? new JBulletPhysicsEngine() : new BulletPhysicsEngine();
    }

    /** The engine {@code -Dorrery.physics.engine} names for the tests that run on one engine; JBullet by default. */
    public static Engine configured() {
        return valueOf(System.getProperty("orrery.physics.engine", "jbullet").toUpperCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
