/**
 * The engine-neutral rigid-body core under both physics engines: links, joints and models as the world spec defines
 * them, joint positions and velocities measured from the bodies' frames, joint resets, model building and the
 * {@link io.orrery.physics.PhysicsWorld} API's plumbing. Each engine subclasses {@link io.orrery.physics.rigid.Link},
 * {@link io.orrery.physics.rigid.Joint} and {@link io.orrery.physics.rigid.RigidWorld} with what really differs: its
 * bodies, constraints, drives, contacts and ray casts. Plain Java over the world records; no engine types.
 */
package io.orrery.physics.rigid;
