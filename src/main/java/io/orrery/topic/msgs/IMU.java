package io.orrery.topic.msgs;

/**
 * gz.msgs.IMU: an inertial measurement unit's reading (covariances are not carried).
 *
 * @param header stamp and data
 * @param entityName the sensor's scoped name
 * @param orientation the sensor's orientation
 * @param angularVelocity rad/s, in the sensor frame
 * @param linearAcceleration m/s², in the sensor frame, gravity included
 */
public record IMU(Header header, String entityName, Quaternion orientation, Vector3d angularVelocity,
        Vector3d linearAcceleration) {

    public IMU {
        header = Messages.orNone(header);
        entityName = entityName == null ? "" : entityName;
        orientation = Quaternion.orIdentity(orientation);
        angularVelocity = Vector3d.orZero(angularVelocity);
        linearAcceleration = Vector3d.orZero(linearAcceleration);
    }
}
