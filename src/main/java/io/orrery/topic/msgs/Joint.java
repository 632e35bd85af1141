package io.orrery.topic.msgs;

/**
 * gz.msgs.Joint, as a joint state carries it.
 *
 * @param name the joint's name
 * @param id its entity id, 0 when unknown
 * @param axis1 the state of its first axis
 */
public record Joint(String name, long id, Axis axis1) {

    public Joint {
        name = name == null ? "" : name;
        axis1 = axis1 == null ? new Axis(0, 0, 0) : axis1;
    }
}
