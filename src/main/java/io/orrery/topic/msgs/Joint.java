package io.orrery.topic.msgs;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * gz.msgs.Joint, as a joint state carries it.
 *
 * @param name the joint's name
 * @param id its entity id, 0 when unknown
 * @param axis1 the state of its first axis
 * @param axis2 the state of its second axis (universal, revolute2 and gearbox joints), null for the others
 */
public record Joint(String name, long id, Axis axis1, @JsonInclude(JsonInclude.Include.NON_NULL) Axis axis2) {

    public Joint {
        name = name == null ? "" : name;
        axis1 = axis1 == null ? new Axis(0, 0, 0) : axis1;
    }

    /** A joint of one axis. */
    public Joint(String name, long id, Axis axis1) {
        this(name, id, axis1, null);
    }
}
