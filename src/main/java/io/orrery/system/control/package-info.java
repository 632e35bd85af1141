/**
 * Control building blocks that Gazebo's systems share, with gz-math's semantics so a ported system behaves as
 * its documentation says: a PID with Gazebo's sign convention and limits, and a velocity/acceleration/jerk
 * limiter. Plain Java, no state beyond what a controller resets.
 */
package io.orrery.system.control;
