package io.orrery.physics.rigid;

import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Pose;
import io.orrery.world.StateSpec;
import io.orrery.world.Vec3;
import java.util.Map;
import java.util.function.BiConsumer;

/** A world's {@code <state>} applied to the models just built from its spec, before the first step. */
final class SavedState {

    private SavedState() {}

    /**
     * Puts the models where the world's {@code <state>} says they were. A model with link states gets every listed
     * link's pose and velocity (moved to the centre of mass), and its joints' positions only set how many turns they
     * have made (the links already say where they stand); one without is put at its state's pose, then each joint at
     * its position as {@code PhysicsWorld.resetJointPosition} does (a universal or revolute2 joint at both its angles; a
     * gearbox's angles follow its gears' and only count its turns).
     */
    static <L extends Link, J extends Joint<L>> void apply(
            StateSpec state,
            Map<String, Model<L, J>> models,
            BiConsumer<String, Pose> setModelPose,
            BiConsumer<L, Pose> place) {
        for (StateSpec.Model saved : state.models()) {
            Model<L, J> model = models.get(saved.name());
            if (model == null) {
                continue; // the reader checked the names against the spec this world was built from
            }
            if (saved.links().isEmpty()) {
                saved.pose().ifPresent(pose -> setModelPose.accept(saved.name(), pose));
                for (StateSpec.Joint j : saved.joints()) {
                    J joint = model.joint(j.name());
                    if (joint != null && joint.isActuated()) {
                        JointReset.apply(model, joint, j.position(), place);
                    } else if (joint != null
                            && (joint.spec().type() == JointType.UNIVERSAL
                                    || joint.spec().type() == JointType.REVOLUTE2)) {
                        JointReset.applyCross(model, joint, j.position(), j.hasSecondAxis() ? j.position2() : 0, place);
                    }
                }
                for (StateSpec.Joint j : saved.joints()) {
                    J joint = model.joint(j.name());
                    if (joint != null && joint.axes() != null && j.hasSecondAxis()) {
                        // a gearbox's angles follow its gears', set above: these only count its turns
                        joint.axes().reset(j.position(), j.position2());
                    }
                }
                continue;
            }
            for (StateSpec.Link l : saved.links()) {
                L link = model.link(l.name());
                if (link == null) {
                    continue;
                }
                Pose com = l.pose().compose(link.comInLink());
                place.accept(link, com);
                if (link.isDynamic()) {
                    Vec3 linear = l.linear()
                            .plus(l.angular()
                                    .cross(com.position().minus(l.pose().position())));
                    link.setVelocity(linear, l.angular());
                    link.activate();
                }
            }
            for (StateSpec.Joint j : saved.joints()) {
                J joint = model.joint(j.name());
                if (joint != null && joint.isActuated()) {
                    joint.resetPosition(j.position());
                } else if (joint != null && joint.axes() != null && j.hasSecondAxis()) {
                    joint.axes().reset(j.position(), j.position2());
                }
            }
            model.changed(); // placed outside a step: the engine reports no motion for it
        }
    }
}
