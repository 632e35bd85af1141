package io.orrery.topic.msgs;

/**
 * gz.msgs.Entity, as a contact names its collisions.
 *
 * @param id the entity's id, 0 when unknown
 * @param name its scoped name
 */
public record Entity(long id, String name) {

    public Entity {
        name = name == null ? "" : name;
    }
}
