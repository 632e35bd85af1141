package io.orrery.physics.rigid;

/**
 * How both engines' sequential impulse solvers are set, chosen with the articulation conformance suite as judge
 * (docs/physics-engines.md has the figures): contacts then settle as Gazebo's do, a resting body still to 1e-6 m/s
 * and 1e-5 rad/s within half a second of landing and an IMU on it reading gravity to 1e-4 m/s².
 */
public final class SolverSettings {

    /**
     * Solver iterations per step. Bullet's default 10 leaves a resting box jittering at 5e-6 rad/s and its IMU
     * reading 5e-4 m/s² off gravity, and a 120 kg base under a rotor rocking at 3e-5 rad/s; 50 brings both below
     * 2e-6 rad/s and 2e-7 m/s². More buys nothing measurable: float32 is the floor.
     */
    public static final int ITERATIONS = 50;

    /**
     * Penetration is pushed out by split impulse (a separate position correction) at any depth, never through the
     * velocity (Baumgarte), which bounced a resting base at 1e-3 m/s. Bullet's default applies split impulse only
     * below 2 cm (JBullet) or 4 cm (Bullet 3) of penetration.
     */
    public static final float SPLIT_IMPULSE_THRESHOLD = 0f;

    private SolverSettings() {
    }
}
