package io.orrery.physics.rigid;

import io.orrery.physics.Twist;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;

/**
 * A velocity given at a link's origin (or a model's) set on bodies that live at their centres of mass: the linear
 * part moves to each centre of mass, as a rigid body's velocity field says; an always-static link keeps still.
 */
final class Velocities {

    private Velocities() {}

    /** Every link of {@code model} moves as one rigid body with {@code velocity} at each link's origin. */
    static <L extends Link, J extends Joint<L>> void setModel(Model<L, J> model, Twist velocity) {
        for (L link : model.links()) {
            if (link.alwaysStatic()) {
                continue;
            }
            Pose com = link.comPose();
            Vec3 origin = com.compose(link.linkInCom()).position();
            Vec3 linear = velocity.linear()
                    .plus(velocity.angular().cross(com.position().minus(origin)));
            link.setVelocity(linear, velocity.angular());
            link.activate();
        }
        model.changed();
    }

    /** The link moves with {@code velocity} at its origin. */
    static void setLink(Link body, Twist velocity) {
        if (body.alwaysStatic()) {
            return;
        }
        Vec3 com = body.comPose().position();
        Vec3 origin = body.linkPose().position();
        body.setVelocity(velocity.linear().plus(velocity.angular().cross(com.minus(origin))), velocity.angular());
        body.activate();
        body.changed();
    }

    /** The fastest {@code <velocity>} limit of the actuated joints of {@code models}, 0 when none sets one. */
    static <L extends Link, J extends Joint<L>> double fastestJointLimit(Iterable<Model<L, J>> models) {
        double fastest = 0;
        for (Model<L, J> model : models) {
            for (J joint : model.joints()) {
                double limit = joint.spec().limits().velocity();
                if (joint.isActuated() && Double.isFinite(limit) && limit > fastest) {
                    fastest = limit;
                }
            }
        }
        return fastest;
    }
}
