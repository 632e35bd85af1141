package io.orrery.world;

/**
 * The largest (and, for mass and inertia, smallest) sizes and magnitudes a world, a spawned model or a teleport may
 * give a body. Both engines compute in single precision (JBullet's {@code javax.vecmath} floats, Libbulletjme's
 * single-precision build), so a value a double holds can still wreck a step: a sphere of radius 1e30 gives NaN
 * contact points, on which JBullet indexes out of bounds and Bullet reports NaN poses. Within these bounds both
 * engines were measured to behave (docs/limits.md tells why each number).
 */
public final class PhysicalBounds {

    /**
     * The longest a shape may be in any dimension, metres (a box edge, a radius, a length, a mesh's or a heightmap's
     * extent from its frame). Both engines take a moving body out of the simulation once its bounding box's diagonal
     * reaches 1e6 m ("Overflow in AABB"); 1e5 m keeps a sphere's box diagonal at 3.5e5 m.
     */
    public static final double MAX_LENGTH = 1e5;

    /**
     * The farthest any pose may place a frame from its parent along an axis, metres. A float's step at 1e5 m is
     * 7.8 mm (2⁻⁷), eight times the 1 mm collision margin; farther out, positions are coarser than a centimetre.
     */
    public static final double MAX_POSITION = 1e5;

    /**
     * The heaviest body, kg. Bullet lets a 1e8 kg sphere fall through a static plane (1e7 kg rests); a tenth of the
     * last mass that rested, a thousand tonnes.
     */
    public static final double MAX_MASS = 1e6;

    /**
     * The lightest body that is not massless, kg (a nanogram): its inverse, 1e12, stays far inside a float's range;
     * a mass below about 3e-39 has an infinite inverse.
     */
    public static final double MIN_MASS = 1e-12;

    /**
     * The largest moment or product of inertia, kg·m²: a body at {@link #MAX_MASS} and {@link #MAX_LENGTH} has at
     * most 4e15; Bullet's poses turn NaN at 1e20.
     */
    public static final double MAX_INERTIA = 1e16;

    /** The smallest moment of inertia that is not zero, kg·m²: {@link #MIN_MASS} at a millimetre. */
    public static final double MIN_INERTIA = 1e-18;

    /**
     * The fastest a {@code <state>} may start a link, m/s and rad/s: Gazebo's VelocityControl's bound in Orrery,
     * far beyond any robot; JBullet's step fails at 1e20.
     */
    public static final double MAX_SPEED = 1e4;

    private PhysicalBounds() {}

    /** The largest distance along one axis of {@code position} from its frame's origin, metres. */
    public static double reach(Vec3 position) {
        return Math.max(Math.abs(position.x()), Math.max(Math.abs(position.y()), Math.abs(position.z())));
    }

    /**
     * Refuses a position farther out than {@link #MAX_POSITION} along an axis (a teleport, say).
     *
     * @throws IllegalArgumentException naming the distance and the bound
     */
    public static void requireWithinReach(Vec3 position) {
        double reach = reach(position);
        if (reach > MAX_POSITION) {
            throw new IllegalArgumentException("a pose " + reach + " m out along an axis is beyond " + MAX_POSITION
                    + " m, the farthest Orrery places anything (single-precision physics; docs/limits.md)");
        }
    }
}
