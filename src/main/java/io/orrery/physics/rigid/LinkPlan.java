package io.orrery.physics.rigid;

import io.orrery.world.InertialSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;

/**
 * What the spec decides about one link before an engine builds its body: its scoped name, where it sits, its mass
 * (1 when the link gives no inertial) and whether it starts static. {@link ModelBuilder} makes these with the mass
 * and centre-of-mass pose already checked.
 *
 * @param where the link, for messages: {@code model 'm' link 'l'}
 * @param name the link name, scoped within its top-level model ({@code link} or {@code nested::link})
 * @param spec the link
 * @param top the top-level model
 * @param poseInModel the link frame in the top-level model frame
 * @param nestedStatic true when a nested model it is in is static, or a fixed joint holds it to the world
 * @param keepAwake true when allow_auto_disable is false for it: the body never sleeps
 * @param mass the mass, kg (at least 0)
 * @param comInLink the body frame in the link frame: at the centre of mass, along the inertia's principal axes
 * @param principalInertia the principal moments along the body frame's axes, kg·m²
 */
public record LinkPlan(
        String where,
        String name,
        LinkSpec spec,
        ModelSpec top,
        Pose poseInModel,
        boolean nestedStatic,
        boolean keepAwake,
        double mass,
        Pose comInLink,
        Vec3 principalInertia) {

    /**
     * Sleep when slower than this (m/s and rad/s) for Bullet's 2 s. Bullet's defaults (0.8 and 1.0) would put a
     * gently swinging pendulum to sleep.
     */
    public static final float LINEAR_SLEEP_THRESHOLD = 0.02f;

    public static final float ANGULAR_SLEEP_THRESHOLD = 0.02f;
    /** SDF's default inertia (kg·m²): ixx, iyy, izz of a link without {@code <inertia>}, as Gazebo uses it. */
    public static final float DEFAULT_INERTIA = 1f;

    /** The top-level model's name. */
    public String model() {
        return top.name();
    }

    /** True when the body starts static: a static model, a nested static model or a zero mass. */
    public boolean staticNow() {
        return top.isStatic() || nestedStatic || mass == 0;
    }

    /**
     * True when the body can never move: a nested static model, a zero mass or a shape only a static body can have
     * (a plane, a triangle mesh, a heightfield).
     */
    public boolean alwaysStatic(boolean staticOnlyShape) {
        return nestedStatic || mass == 0 || staticOnlyShape;
    }

    /** The centre-of-mass frame in the world where the model is built. */
    public Pose startPose() {
        return top.pose().compose(poseInModel).compose(comInLink);
    }

    /** The shape of the link's collisions in an engine; see {@link ShapePlan}. */
    public <S> LinkShape<S> shape(ShapePlan.Shapes<S> shapes) {
        return ShapePlan.build(this, shapes);
    }

    /**
     * The body's diagonal inertia along its principal axes: the link's tensor turned (products of inertia honoured),
     * SDF's default (1, 1, 1) when the link gives none, checked (finite, at least 0).
     */
    public InertialSpec.Inertia inertia() {
        Vec3 p = principalInertia;
        if (!(p.x() >= 0 && p.y() >= 0 && p.z() >= 0) || !p.isFinite()) {
            throw new IllegalArgumentException(where + ": expected an inertia with principal moments >= 0, got "
                    + spec.inertial()
                            .flatMap(InertialSpec::inertia)
                            .map(Object::toString)
                            .orElse(p.toString()));
        }
        return new InertialSpec.Inertia(p.x(), 0, 0, p.y(), 0, p.z());
    }
}
