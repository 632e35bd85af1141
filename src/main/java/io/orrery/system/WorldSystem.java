package io.orrery.system;

import io.orrery.topic.TopicBus;
import io.orrery.world.WorldSpec;

/**
 * A system every world gets, built for each world as it loads, as gz sim's server adds its default systems (the
 * scene broadcaster, say) to every world it runs. Each is declared by a {@link SystemDescriptor} of kind {@code
 * EVERY_WORLD} in its own folder.
 */
public interface WorldSystem {

    /** The name the system goes by in listings and messages. */
    String name();

    /**
     * The system for {@code world}, publishing on {@code topics}: an object implementing one or more phase interfaces.
     *
     * @throws IllegalArgumentException when this world cannot have it (its name cannot be part of a topic name, say):
     *     the world loads without it, and the reason is logged
     */
    Object create(WorldSpec world, TopicBus topics);
}
