package io.orrery.system;

import io.orrery.topic.TopicBus;
import io.orrery.world.WorldSpec;

/**
 * A system every world gets, built for each world as it loads, as gz sim's server adds its default systems (the
 * physics step, the scene broadcaster) to every world it runs. Each is declared by a {@link SystemDescriptor} in its
 * own folder: of kind {@code EVERY_WORLD}, or {@code CORE} when the core's work is a system ({@link #core()}).
 */
public interface WorldSystem {

    /** The name the system goes by in listings and messages. */
    String name();

    /**
     * Whether it does the core's own work ({@link SystemDescriptor#coreSystem()}, the physics step): added to a world
     * before every other system, and a world that cannot have it does not load. False by default.
     */
    default boolean core() {
        return false;
    }

    /**
     * The system for {@code world}, publishing on {@code topics}: an object implementing one or more phase interfaces.
     *
     * @throws IllegalArgumentException when this world cannot have it (its name cannot be part of a topic name, say):
     *     the world loads without it, and the reason is logged
     */
    Object create(WorldSpec world, TopicBus topics);
}
