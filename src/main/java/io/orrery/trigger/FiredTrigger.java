package io.orrery.trigger;

import java.time.Instant;

/**
 * One firing of a trigger, for the history.
 *
 * @param label the trigger's label, or null when it has none
 * @param simTimeNanos the sim time of the step it fired at (for lifecycle events, of the last step seen)
 * @param wallTime when it fired, by the registry's clock
 */
public record FiredTrigger(
        String label, TriggerEvent event, TriggerAction action, long simTimeNanos, Instant wallTime) {}
