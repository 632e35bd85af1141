package io.orrery.ops;

import io.orrery.builtin.Extensions;
import io.orrery.physics.Articulation;
import io.orrery.physics.EngineDescriptor;
import io.orrery.physics.PhysicsEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The physics engines {@code orrery.physics.engine} chooses from, by name: those whose folders declare them
 * ({@link EngineDescriptor}), found by {@link Extensions}.
 */
public final class PhysicsEngines {

    /**
     * The engine chosen when none is named: native Bullet 3, which on the robot corpus holds what JBullet lets spin up
     * or drift (a quadcopter's free rotors, an arm under position control) at no more cost per step (issue 34,
     * docs/physics-engines.md#the-robot-corpus).
     */
    static final String DEFAULT = "bullet";

    /** The names accepted, the default first, then the others by name. */
    public static final List<String> NAMES = names(Extensions.discovered());

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
        String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return Extensions.discovered()
                .engine(key)
                .map(e -> e.create(articulation))
                .orElseThrow(() -> new IllegalArgumentException(unknown(name)));
    }

    /** The message that refuses an unknown engine name. */
    static String unknown(String name) {
        return "orrery.physics.engine must be one of " + String.join(", ", NAMES) + ", got '" + name + "'";
    }

    static List<String> names(Extensions extensions) {
        List<String> names = new ArrayList<>();
        extensions.engines().stream().map(EngineDescriptor::name).forEach(names::add);
        if (!names.remove(DEFAULT)) {
            throw new IllegalStateException("the default physics engine '" + DEFAULT + "' is not on the class path");
        }
        names.add(0, DEFAULT);
        return List.copyOf(names);
    }
}
