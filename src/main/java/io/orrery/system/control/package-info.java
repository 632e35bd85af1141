/**
 * Control building blocks that Gazebo's systems share, with gz-math's semantics so a ported system behaves as
 * its documentation says: a PID with Gazebo's sign convention and limits, a velocity/acceleration/jerk limiter
 * (and the speed history it limits against), and a rolling mean. Plain Java, no state beyond what a controller resets.
 */
package io.orrery.system.control;
