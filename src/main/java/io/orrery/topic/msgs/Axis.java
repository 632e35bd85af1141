package io.orrery.topic.msgs;

/**
 * gz.msgs.Axis, the state part a joint state publisher fills.
 *
 * @param position rad or m
 * @param velocity rad/s or m/s
 * @param force N·m or N
 */
public record Axis(double position, double velocity, double force) {
}
