package io.orrery.system.comms;

/**
 * How messages travel between bound addresses (gz-sim's {@code ICommsModel::Step}, message by message): the broker
 * asks for each queued message whose source and destination are both bound to models in the world. Runner thread
 * only; a model that draws random numbers draws them from the seed {@link #seed} gave.
 */
public interface DeliveryModel {

    /**
     * The route of {@code frame} from {@code from} to {@code to} at sim time {@code nowNanos}. Called in queue order,
     * source address by source address in the order they first bound.
     */
    Route route(Frame frame, Station from, Station to, long nowNanos);

    /** Starts the model's random streams over from {@code seed}; before the first step and at every reset. */
    default void seed(long seed) {}

    /** Forgets what it remembered of past messages (a world reset). */
    default void reset() {}
}
