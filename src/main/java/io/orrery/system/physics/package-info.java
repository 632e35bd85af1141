/** The physics system: steps the physics world in the Update phase, at {@link io.orrery.system.Priorities#PHYSICS}. */
package io.orrery.system.physics;
