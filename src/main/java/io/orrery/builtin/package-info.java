/**
 * What Orrery brings of its own: its plugins ({@code orrery-pose-publisher}, model poses to the event stream, and
 * {@code orrery-lifecycle-bridge}, reset, start and stop POSTed to an outside bridge), each declared by its
 * descriptor, and {@link io.orrery.builtin.Extensions}, the one registry that finds every system, device kind and
 * physics engine by the descriptor in its own folder and derives from them what the rest of Orrery lists (gz sim's
 * core names no system either). Used by the wiring in {@code ops}.
 */
package io.orrery.builtin;
