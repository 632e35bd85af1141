package io.orrery.physics.bullet;

import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.Twist;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.List;

/** A top-level model's bodies (its own and its nested models' links) and joints. */
final class ModelBodies {

    final ModelSpec spec;
    final List<LinkBody> links;
    final List<JointConstraint> joints;
    /** The canonical link, or null when the model and its nested models have no links. */
    final LinkBody canonical;
    boolean isStatic;
    /** The model pose reported while static (or when it has no links): moved only by setModelPose. */
    Pose fixedPose;

    ModelBodies(ModelSpec spec, List<LinkBody> links, List<JointConstraint> joints, LinkBody canonical) {
        this.spec = spec;
        this.links = List.copyOf(links);
        this.joints = List.copyOf(joints);
        this.canonical = canonical;
        this.isStatic = spec.isStatic();
        this.fixedPose = spec.pose();
    }

    /** The model frame in the world frame. */
    Pose pose() {
        if (isStatic || canonical == null) {
            return fixedPose;
        }
        return canonical.linkPose().compose(canonical.poseInModel.inverse());
    }

    ModelState state() {
        List<LinkState> states = new ArrayList<>(links.size());
        for (LinkBody link : links) {
            states.add(link.state());
        }
        List<JointState> jointStates = new ArrayList<>(joints.size());
        for (JointConstraint joint : joints) {
            jointStates.add(joint.state());
        }
        Twist velocity = canonical == null ? Twist.ZERO : canonical.velocity();
        return new ModelState(spec.name(), pose(), velocity, isStatic, states, jointStates);
    }

    /** The joint of that scoped name, or null. */
    JointConstraint joint(String name) {
        for (JointConstraint joint : joints) {
            if (joint.name.equals(name)) {
                return joint;
            }
        }
        return null;
    }

    /** The link of that scoped name, or null. */
    LinkBody link(String name) {
        for (LinkBody link : links) {
            if (link.name.equals(name)) {
                return link;
            }
        }
        return null;
    }
}
