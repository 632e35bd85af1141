package io.orrery.runner.port;

/**
 * The reset signal external bridges receive when a reset begins: the payload of the {@code reset} event.
 *
 * @param world the world's name
 * @param simTime the sim time it was reset from, in seconds
 */
public record ResetSignal(String world, double simTime) {}
