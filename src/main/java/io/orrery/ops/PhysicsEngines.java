package io.orrery.ops;

import io.orrery.physics.Articulation;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.bullet.BulletPhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import java.util.List;
import java.util.Locale;

/** The physics engines {@code orrery.physics.engine} chooses from, by name. */
public final class PhysicsEngines {

    /** The names accepted, the default first. */
    public static final List<String> NAMES = List.of("jbullet", "bullet");

    private PhysicsEngines() {}

    /**
     * A new engine of that name.
     *
     * @throws IllegalArgumentException naming the choices when there is no engine of that name
     */
    public static PhysicsEngine named(String name) {
        return named(name, Articulation.DEFAULT);
    }

    /**
     * A new engine of that name whose worlds hold their models' joints as {@code articulation} says.
     *
     * @throws IllegalArgumentException naming the choices when there is no engine of that name
     */
    public static PhysicsEngine named(String name, Articulation articulation) {
        return switch (name == null ? "" : name.trim().toLowerCase(Locale.ROOT)) {
            case "jbullet" -> new JBulletPhysicsEngine(articulation);
            case "bullet" -> new BulletPhysicsEngine(articulation);
            default -> throw new IllegalArgumentException(unknown(name));
        };
    }

    /** The message that refuses an unknown engine name. */
    static String unknown(String name) {
        return "orrery.physics.engine must be one of " + String.join(", ", NAMES) + ", got '" + name + "'";
    }
}
