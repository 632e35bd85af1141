package io.orrery.system;

import io.orrery.physics.WorldView;

/**
 * A system that observes the stepped world: sensors, recorders, publishers. It gets a read-only view and may
 * run on a pool thread, in parallel with other PostUpdate systems, when the manager is set up so; what it publishes
 * there is delivered in the same step and order as in the serial mode, and a snapshot it reads is the world as this
 * step left it.
 */
@FunctionalInterface
public interface PostUpdate {

    /** Called once per iteration, after every {@link Update}; must not keep the view past the call. */
    void postUpdate(UpdateInfo info, WorldView world);
}
