package io.orrery.world;

/**
 * A collision's {@code <surface>}.
 *
 * @param friction Coulomb friction coefficient, {@code <friction><ode><mu>} (SDF default 1)
 * @param restitution {@code <bounce><restitution_coefficient>} (SDF default 0)
 */
public record SurfaceSpec(double friction, double restitution) {

    public static final SurfaceSpec DEFAULT = new SurfaceSpec(1.0, 0.0);
}
