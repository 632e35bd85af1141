/**
 * Gazebo's Physics system: the step of each world's engine, in the Update phase at Gazebo's physics priority. Its
 * descriptor says that the runner does this work, so a world's {@code gz-sim-physics-system} element loads as nothing.
 */
package io.orrery.system.physics;
