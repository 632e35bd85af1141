package io.orrery.physics.rigid;

import io.orrery.physics.Twist;
import io.orrery.physics.UnknownJointException;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.Locale;

/**
 * The checks every {@link RigidWorld} call makes of its arguments: each number must be finite and each link named
 * must exist, or the call is refused.
 */
final class Arguments {

    private Arguments() {}

    static void requireStepSize(double dt) {
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("expected a positive finite step size, got " + dt);
        }
    }

    static void requireFinite(String what, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("expected a finite " + what + ", got " + value);
        }
    }

    static void requireFinite(Pose pose) {
        if (!pose.position().isFinite()
                || !Double.isFinite(pose.rotation().w()
                        + pose.rotation().x()
                        + pose.rotation().y()
                        + pose.rotation().z())) {
            throw new IllegalArgumentException("expected a finite pose, got " + pose);
        }
    }

    static void requireFinite(Twist velocity) {
        if (!velocity.linear().isFinite() || !velocity.angular().isFinite()) {
            throw new IllegalArgumentException("expected a finite velocity, got " + velocity);
        }
    }

    static void requireFiniteRay(Vec3 from, Vec3 to) {
        if (!from.isFinite() || !to.isFinite()) {
            throw new IllegalArgumentException("expected a finite ray, got " + from + " to " + to);
        }
    }

    /** The model, which must be dynamic to be given a velocity, and the velocity, which must be finite. */
    static <L extends Link, J extends Joint<L>> Model<L, J> requireDynamic(Model<L, J> model, Twist velocity) {
        if (model.isStatic()) {
            throw new IllegalStateException(
                    "model '" + model.name() + "' is static; make it dynamic before setting a velocity");
        }
        requireFinite(velocity);
        return model;
    }

    /** The link of {@code model} named so. */
    static <L extends Link, J extends Joint<L>> L requireLink(Model<L, J> model, String link) {
        L body = model.link(link);
        if (body == null) {
            throw new IllegalArgumentException("model '" + model.name() + "' has no link named '" + link + "'");
        }
        return body;
    }

    /** The joint, which must move along one axis (revolute, continuous, prismatic or screw) to take commands. */
    static <L extends Link, J extends Joint<L>> J requireActuated(Model<L, J> model, String name) {
        J joint = model.joint(name);
        if (joint == null) {
            throw new UnknownJointException(model.name(), name);
        }
        if (!joint.isActuated()) {
            throw new IllegalArgumentException("model '" + model.name() + "' joint '" + name + "' is "
                    + joint.spec().type().name().toLowerCase(Locale.ROOT)
                    + "; only revolute, continuous, prismatic and screw joints take commands");
        }
        return joint;
    }
}
