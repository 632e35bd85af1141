package io.orrery.topic.msgs;

import java.nio.charset.StandardCharsets;

/**
 * Entity ids for what Orrery publishes in Gazebo's messages ({@code Pose.id}, {@code Entity.id}). Gazebo numbers its
 * entities as it creates them; Orrery has no entity table, so an id is a function of the entity's scoped name (32-bit
 * FNV-1a of {@code model} or {@code model::link}): the same in every message, across resets, spawns and reloads, and
 * computable by whoever needs to resolve one. The world is 1, as in Gazebo; no other entity is 0 or 1.
 */
public final class EntityIds {

    /** The world's id. */
    public static final long WORLD = 1;

    private EntityIds() {}

    /** The id of the entity named {@code scopedName} ({@code vehicle} or {@code vehicle::chassis}). */
    public static long id(String scopedName) {
        int h = 0x811c9dc5;
        for (byte b : scopedName.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        long id = Integer.toUnsignedLong(h);
        return id <= WORLD ? id + 2 : id;
    }
}
