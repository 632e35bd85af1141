package io.orrery.physics.bullet;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * How many Bullet steps make one world step. Bullet caps a body's rotation at π/4 per step (and its angular velocity
 * at π/2 per step) inside its native integrator, which Libbulletjme does not let us change: at a 1 ms step nothing
 * spun faster than 785 rad/s. Gazebo has no such cap, so a world whose joints may turn faster is stepped in as many
 * equal parts as keep its fastest {@code <velocity>} limit under the cap; other worlds keep one step, unchanged.
 */
final class StepSplit {

    private static final Logger LOG = System.getLogger(StepSplit.class.getName());
    /** Bullet's ANGULAR_MOTION_THRESHOLD: the most a body turns in one step, rad. */
    static final double ROTATION_CAP = Math.PI / 4;
    /**
     * At most this many parts per world step, whatever a world's limits ask: a limit of 1e6 rad/s must not make one
     * step cost a thousand. Past it joints are capped at {@code MAX_PARTS · π/4} per step, and the log says so.
     */
    static final int MAX_PARTS = 16;

    private int parts = 1;
    private boolean warned;

    /** The parts for a step of {@code dt} seconds in a world whose fastest joint limit is {@code fastest}. */
    int update(double dt, double fastest) {
        // 1 % margin: float32 rounding must not put a joint at its limit just over the cap
        int needed = (int) Math.ceil(fastest * dt * 1.01 / ROTATION_CAP);
        if (needed > MAX_PARTS && !warned) {
            warned = true;
            LOG.log(
                    Level.WARNING,
                    "a joint <velocity> limit of {0} rad/s needs {1} Bullet steps per {2} s step;"
                            + " using {3}, so rotation is capped at {4} rad/s",
                    fastest,
                    needed,
                    dt,
                    MAX_PARTS,
                    MAX_PARTS * ROTATION_CAP / dt);
        }
        parts = Math.max(1, Math.min(needed, MAX_PARTS));
        return parts;
    }

    /** The parts of the last step. */
    int parts() {
        return parts;
    }
}
