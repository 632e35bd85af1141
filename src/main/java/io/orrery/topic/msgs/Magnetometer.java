package io.orrery.topic.msgs;

/**
 * gz.msgs.Magnetometer.
 *
 * @param header stamp and data
 * @param fieldTesla the magnetic field in the sensor frame, T
 */
public record Magnetometer(Header header, Vector3d fieldTesla) {

    public Magnetometer {
        header = Messages.orNone(header);
        fieldTesla = Vector3d.orZero(fieldTesla);
    }
}
