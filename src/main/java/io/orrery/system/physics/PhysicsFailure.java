package io.orrery.system.physics;

/**
 * The physics engine failed inside a step: it threw, or one of its own assertions failed (JBullet's checks are
 * {@code assert} statements). Its world can no longer be trusted, but nothing outside it is harmed, so the run pauses
 * instead of aborting, and steps again once a reset or a reload has rebuilt the world. Thrown by {@link PhysicsStep}, caught by the runner's step loop.
 */
public final class PhysicsFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    PhysicsFailure(Throwable cause) {
        super(cause);
    }
}
