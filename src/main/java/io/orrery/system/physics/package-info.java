/**
 * Gazebo's Physics system: the step of each world's engine ({@link io.orrery.system.physics.PhysicsStep}), in the
 * Update phase at Gazebo's physics priority ({@link io.orrery.system.Priorities#PHYSICS}); the runner adds it to every
 * world. Its descriptor says that the runner does this work, so a world's {@code gz-sim-physics-system} element loads
 * as nothing. Uses the system phases and the engine-neutral {@link io.orrery.physics.PhysicsWorld}; plain Java.
 */
package io.orrery.system.physics;
