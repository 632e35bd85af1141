package io.orrery.topic.msgs;

/**
 * gz.msgs.Wrench: a force and a torque, such as one applied to a link.
 *
 * @param header stamp and data
 * @param force N
 * @param torque N·m
 */
public record Wrench(Header header, Vector3d force, Vector3d torque) {

    public Wrench {
        header = Messages.orNone(header);
        force = Vector3d.orZero(force);
        torque = Vector3d.orZero(torque);
    }
}
