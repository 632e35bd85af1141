package io.orrery.world;

/**
 * A collision's {@code <surface>}.
 *
 * @param friction Coulomb friction coefficient along the first friction direction, {@code <friction><ode><mu>} (SDF
 *     default 1)
 * @param restitution {@code <bounce><restitution_coefficient>} (SDF default 0)
 * @param friction2 the coefficient along the second direction, {@code <mu2>}; {@code friction} when the world does
 *     not set it, as Gazebo takes it
 * @param fdir1 the first friction direction, {@code <fdir1>}, in the collision frame or in {@code fdir1Frame}'s;
 *     zero when not set (then the first direction follows the contact, as in Gazebo)
 * @param fdir1Frame the link of the same model whose frame {@code fdir1} is expressed in ({@code gz:expressed_in}),
 *     empty for the collision frame
 */
public record SurfaceSpec(double friction, double restitution, double friction2, Vec3 fdir1, String fdir1Frame) {

    public static final SurfaceSpec DEFAULT = new SurfaceSpec(1.0, 0.0);

    /** Checks the direction and the frame. */
    public SurfaceSpec {
        if (fdir1 == null || !fdir1.isFinite()) {
            throw new IllegalArgumentException("fdir1 must be a finite vector, got " + fdir1);
        }
        if (fdir1Frame == null) {
            throw new IllegalArgumentException("fdir1Frame must not be null (empty for the collision frame)");
        }
    }

    /** An isotropic surface: one coefficient in every direction. */
    public SurfaceSpec(double friction, double restitution) {
        this(friction, restitution, friction, Vec3.ZERO, "");
    }

    /** True when friction differs by direction: {@code mu2} is not {@code mu}. */
    public boolean anisotropic() {
        return Double.compare(friction, friction2) != 0;
    }
}
