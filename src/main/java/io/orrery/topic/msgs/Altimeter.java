package io.orrery.topic.msgs;

/**
 * gz.msgs.Altimeter.
 *
 * @param header stamp and data
 * @param verticalPosition m above the reference
 * @param verticalVelocity m/s
 * @param verticalReference the reference height, m
 */
public record Altimeter(Header header, double verticalPosition, double verticalVelocity,
        double verticalReference) {

    public Altimeter {
        header = Messages.orNone(header);
    }
}
