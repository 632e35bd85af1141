package io.orrery.physics.rigid;

import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.Twist;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.List;

/**
 * A top-level model's links (its own and its nested models') and joints.
 *
 * @param <L> the engine's link type
 * @param <J> the engine's joint type
 */
public final class Model<L extends Link, J extends Joint<L>> {

    private final ModelSpec spec;
    private final List<L> links;
    private final List<J> joints;
    /** The canonical link, or null when the model and its nested models have no links. */
    private final L canonical;
    private boolean isStatic;
    /** The model pose reported while static (or when it has no links): moved only by setModelPose. */
    private Pose fixedPose;

    Model(ModelSpec spec, List<L> links, List<J> joints, L canonical) {
        this.spec = spec;
        this.links = List.copyOf(links);
        this.joints = List.copyOf(joints);
        this.canonical = canonical;
        this.isStatic = spec.isStatic();
        this.fixedPose = spec.pose();
    }

    public String name() {
        return spec.name();
    }

    public List<L> links() {
        return links;
    }

    public List<J> joints() {
        return joints;
    }

    public boolean isStatic() {
        return isStatic;
    }

    /** Marks the model static or dynamic, its pose then being {@code pose}. */
    void setStatic(boolean isStatic, Pose pose) {
        this.isStatic = isStatic;
        this.fixedPose = pose;
    }

    void setFixedPose(Pose pose) {
        this.fixedPose = pose;
    }

    /** The model frame in the world frame. */
    public Pose pose() {
        if (isStatic || canonical == null) {
            return fixedPose;
        }
        return canonical.linkPose().compose(canonical.poseInModel().inverse());
    }

    public ModelState state() {
        List<LinkState> states = new ArrayList<>(links.size());
        for (L link : links) {
            states.add(link.state());
        }
        List<JointState> jointStates = new ArrayList<>(joints.size());
        for (J joint : joints) {
            jointStates.add(joint.state());
        }
        Twist velocity = canonical == null ? Twist.ZERO : canonical.velocity();
        return new ModelState(spec.name(), pose(), velocity, isStatic, states, jointStates);
    }

    /** The joint of that scoped name, or null. */
    public J joint(String name) {
        for (J joint : joints) {
            if (joint.name().equals(name)) {
                return joint;
            }
        }
        return null;
    }

    /** The link of that scoped name, or null. */
    public L link(String name) {
        for (L link : links) {
            if (link.name().equals(name)) {
                return link;
            }
        }
        return null;
    }
}
