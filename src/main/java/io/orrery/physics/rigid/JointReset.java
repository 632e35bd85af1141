package io.orrery.physics.rigid;

import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Sets a joint's position and zeroes its velocity at once: the child is put where the parent's joint frame says,
 * and everything jointed below the child moves rigidly with it. Velocities relative to the parent are kept for
 * the other joints of the subtree; only this joint's own motion is taken out.
 */
final class JointReset {

    private JointReset() {}

    /**
     * @param model the joint's model
     * @param joint a revolute, continuous, prismatic or screw joint (a screw advances lead·position with its turn)
     * @param position the new position (rad or m)
     * @param place teleports a body to a centre-of-mass pose in the world
     */
    static <L extends Link, J extends Joint<L>> void apply(
            Model<L, J> model, J joint, double position, BiConsumer<L, Pose> place) {
        Vec3 localAxis = joint.localAxis();
        Vec3 axis = joint.parentFrame().rotation().rotate(localAxis);
        double speed = joint.velocity();
        double lead = joint.lead();
        Pose motion = joint.isPrismatic()
                ? new Pose(localAxis.times(position), Quat.IDENTITY)
                : new Pose(localAxis.times(lead * position), Quat.fromAxisAngle(localAxis, position));
        Vec3 ownSpin = joint.isPrismatic() ? Vec3.ZERO : axis.times(speed);
        Vec3 ownSlide = axis.times(joint.isPrismatic() ? speed : lead * speed);
        move(model, joint, motion, ownSpin, ownSlide, place);
        joint.resetPosition(position);
    }

    /**
     * Sets a one-axis joint's velocity, its position kept: the child's subtree gains the missing rate as one rigid
     * motion, a spin about the axis through the joint's origin (a screw's slide with it) or a slide along it.
     */
    static <L extends Link, J extends Joint<L>> void applyVelocity(Model<L, J> model, J joint, double velocity) {
        double change = velocity - joint.velocity();
        Vec3 axis = joint.axis();
        Vec3 origin = joint.parentFrame().position();
        Vec3 spin = joint.isPrismatic() ? Vec3.ZERO : axis.times(change);
        Vec3 slide = axis.times(joint.isPrismatic() ? change : joint.lead() * change);
        for (L link : subtree(model, joint)) {
            if (!link.isDynamic()) {
                continue;
            }
            Vec3 com = link.comPose().position();
            link.setVelocity(
                    link.velocityAt(com).plus(spin.cross(com.minus(origin))).plus(slide),
                    link.angularVelocity().plus(spin));
            link.activate();
        }
        L parent = joint.parent();
        if (parent != null && parent.isDynamic()) {
            parent.activate();
        }
        model.changed();
    }

    /**
     * Sets a universal or revolute2 joint's two angles: the child turned by {@code first} about the first axis, then
     * by {@code second} about the second (as {@link AxisPair} reads them), both rates zeroed.
     */
    static <L extends Link, J extends Joint<L>> void applyCross(
            Model<L, J> model, J joint, double first, double second, BiConsumer<L, Pose> place) {
        AxisPair axes = joint.axes();
        Vec3 ownSpin = axes.axis1().times(axes.velocity1()).plus(axes.axis2().times(axes.velocity2()));
        Quat turn = Quat.fromAxisAngle(Vec3.UNIT_Z, first)
                .times(Quat.fromAxisAngle(JointFrame.secondAxis(joint.spec()), second));
        move(model, joint, new Pose(Vec3.ZERO, turn), ownSpin, Vec3.ZERO, place);
        axes.reset(first, second);
    }

    /**
     * Moves the child to {@code motion} in the parent's joint frame, and its subtree with it; takes the joint's own
     * spin and slide (world, the slide at the joint's origin) out of every moved body's velocity.
     */
    private static <L extends Link, J extends Joint<L>> void move(
            Model<L, J> model, J joint, Pose motion, Vec3 ownSpin, Vec3 ownSlide, BiConsumer<L, Pose> place) {
        Pose parentFrame = joint.parentFrame();
        Pose childCom = parentFrame.compose(motion).compose(joint.inChild().inverse());
        // The rigid motion, in the world, that takes the child where it must go; the subtree follows it.
        Pose delta = childCom.compose(joint.child().comPose().inverse());
        Vec3 origin = parentFrame.position();
        L parent = joint.parent();
        Vec3 parentSpin = parent == null ? Vec3.ZERO : parent.angularVelocity();

        for (L link : subtree(model, joint)) {
            if (!link.isDynamic()) {
                continue;
            }
            Vec3 com = link.comPose().position();
            // The link's motion relative to the parent, less this joint's share of it.
            Vec3 spin = link.angularVelocity().minus(parentSpin).minus(ownSpin);
            Vec3 linear = link.velocityAt(com)
                    .minus(parent == null ? Vec3.ZERO : parent.velocityAt(com))
                    .minus(ownSpin.cross(com.minus(origin)))
                    .minus(ownSlide);
            Pose moved = delta.compose(link.comPose());
            place.accept(link, moved);
            Vec3 newCom = moved.position();
            Vec3 carried = parent == null ? Vec3.ZERO : parent.velocityAt(newCom);
            link.setVelocity(
                    carried.plus(delta.rotation().rotate(linear)),
                    parentSpin.plus(delta.rotation().rotate(spin)));
        }
        if (parent != null && parent.isDynamic()) {
            parent.activate();
        }
    }

    /** The child and every link jointed below it, never the joint's parent (a closed loop stops there). */
    static <L extends Link, J extends Joint<L>> List<L> subtree(Model<L, J> model, J joint) {
        Set<L> found = new LinkedHashSet<>();
        found.add(joint.child());
        boolean grew = true;
        while (grew) {
            grew = false;
            for (J other : model.joints()) {
                if (other != joint
                        && other.parent() != null
                        && found.contains(other.parent())
                        && other.child() != joint.parent()
                        && found.add(other.child())) {
                    grew = true;
                }
            }
        }
        return new ArrayList<>(found);
    }
}
