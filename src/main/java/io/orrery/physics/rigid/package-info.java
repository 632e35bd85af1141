/**
 * The engine-neutral rigid-body core under both physics engines: links, joints and models as the world spec defines
 * them, joint positions and velocities measured from the bodies' frames, joint resets, model building and the
 * {@link io.orrery.physics.PhysicsWorld} API's plumbing. Each engine subclasses {@link io.orrery.physics.rigid.Link},
 * {@link io.orrery.physics.rigid.Joint} and {@link io.orrery.physics.rigid.RigidWorld} with what really differs: its
 * bodies, constraints, drives, contacts and ray casts. Plain Java over the world records; no engine types.
 *
 * <p>Its API and its internals are split by visibility rather than by a sub-package (issue 22): the public types are
 * what an engine extends or calls (links, joints, models, the world base, shape and link plans, heightfields, hits,
 * joint frames and axis pairs); everything else (model building, joint resets and couplings, the projected
 * articulation's projections and solves, principal axes of inertia, the state cache) is package-private, so no code
 * outside this package can reach it. An {@code internal} sub-package would have had to make those types public for
 * this package to call them, exposing what is hidden today.
 */
package io.orrery.physics.rigid;
