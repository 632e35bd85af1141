package io.orrery.topic.msgs;

/**
 * gz.msgs.Clock: the world's clock, as gz sim publishes it on {@code /clock} and {@code /world/<w>/clock}.
 *
 * @param header stamp and data
 * @param system wall-clock time since the epoch when it was taken
 * @param real wall time the simulation has run, pauses excluded
 * @param sim sim time
 */
public record Clock(Header header, Time system, Time real, Time sim) {

    public Clock {
        header = Messages.orNone(header);
        system = system == null ? Time.ZERO : system;
        real = real == null ? Time.ZERO : real;
        sim = sim == null ? Time.ZERO : sim;
    }
}
