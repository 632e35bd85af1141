package io.orrery.runner.port;

import io.orrery.lifecycle.SimState;

/**
 * A step batch of no controller's, as one span: the payload of the {@code steps} event, emitted when the batch begins
 * ({@code at} StepBegin) and when it ends ({@code at} StepEnd). The lifecycle machine stays in Pause around a batch,
 * as a paused Gazebo world stays paused while it is stepped, so the span is what tells an observer that steps ran.
 *
 * @param at {@link SimState#STEP_BEGIN} when the batch begins, {@link SimState#STEP_END} when it has ended
 * @param iteration the steps taken since the world loaded or was reset: before the first step of the batch, or after
 *     its last
 * @param simTime the sim time then, in seconds
 * @param steps at the beginning the steps asked for; at the end the steps taken (fewer when a stop, a pause or a
 *     run-to ended the batch early)
 */
public record StepSpan(SimState at, long iteration, double simTime, long steps) {}
