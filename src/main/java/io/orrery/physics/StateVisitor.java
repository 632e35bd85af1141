package io.orrery.physics;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;

/**
 * Receives the physical state as the world holds it, model by model in load order: the model, then each of its links
 * (pose and velocity), then each of its joints' axes (position and velocity). {@link WorldView#visitState} calls it
 * without building {@link ModelState} records, so a reader that wants every double of every step (a recording's state
 * hash) pays for the doubles only. Called on the thread that owns the world.
 */
public interface StateVisitor {

    /** A top-level model begins; its links and joints follow. */
    void model(String name);

    /**
     * A top-level model begins at {@code version}: a number the world gives the model's state, changed whenever
     * anything in it may have changed (a body moved, woke or fell asleep, an edit), never given to another state of
     * any model in this JVM; -1 when the world cannot tell (every visit reads every body). Returning false skips the
     * model's links and joints: a visitor that kept them from a visit at the same version has them already.
     */
    default boolean model(String name, long version) {
        model(name);
        return true;
    }

    /**
     * One link. A live world gives its body's centre-of-mass pose and velocity as the engine holds them; a copy gives
     * the link frame's: compare only what one kind of view gave.
     */
    void link(String name, Pose pose, Vec3 linear, Vec3 angular);

    /** One axis of one of the model's joints (a universal joint gives two, one after the other). */
    void joint(double position, double velocity);
}
