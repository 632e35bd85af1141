package io.orrery.topic.msgs;

import java.util.List;

/**
 * gz.msgs.Contact: the points where two collisions touch.
 *
 * @param collision1 the first collision
 * @param collision2 the second
 * @param position contact points in the world
 * @param normal one per point
 * @param depth penetration, one per point
 */
public record Contact(Entity collision1, Entity collision2, List<Vector3d> position, List<Vector3d> normal,
        List<java.lang.Double> depth) {

    public Contact {
        collision1 = collision1 == null ? new Entity(0, "") : collision1;
        collision2 = collision2 == null ? new Entity(0, "") : collision2;
        position = Messages.copy(position);
        normal = Messages.copy(normal);
        depth = Messages.copy(depth);
    }
}
