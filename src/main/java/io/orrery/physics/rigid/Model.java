package io.orrery.physics.rigid;

import io.orrery.physics.Articulation;
import io.orrery.physics.ArticulationState;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.StateVisitor;
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

    /** The world's states this model is in, and its place there; null and -1 when it is in none. */
    private ModelStates<L, J> states;

    private int slot = -1;
    /** The state as last read; null when something changed since. */
    private ModelState state;
    /** True while the states hold this model among the changed ones. */
    private boolean queued;
    /** Its state's version ({@link io.orrery.physics.StateVisitor#model(String, long)}); -1 when in no world. */
    private long version = -1;
    /** How its joints are held. */
    private ArticulationState articulation = ArticulationState.as(Articulation.CONSTRAINTS);

    Model(ModelSpec spec, List<L> links, List<J> joints, L canonical) {
        this.spec = spec;
        this.links = List.copyOf(links);
        this.joints = List.copyOf(joints);
        this.canonical = canonical;
        this.isStatic = spec.isStatic();
        this.fixedPose = spec.pose();
        for (L link : this.links) {
            link.ownedBy(this);
        }
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

    /** How the model's joints are held, and why it fell back if it did. */
    public ArticulationState articulation() {
        return articulation;
    }

    void setArticulation(ArticulationState articulation) {
        this.articulation = articulation;
        changed();
    }

    /** Marks the model static or dynamic, its pose then being {@code pose}. */
    void setStatic(boolean isStatic, Pose pose) {
        this.isStatic = isStatic;
        this.fixedPose = pose;
        changed();
    }

    void setFixedPose(Pose pose) {
        this.fixedPose = pose;
        changed();
    }

    /**
     * Something in the model's state changed (a body moved, woke or fell asleep, a joint's effort, an edit): its state
     * is read again when next asked for. Cheap enough to call for every awake body every step.
     */
    void changed() {
        state = null;
        version = states == null ? -1 : states.nextVersion();
        if (!queued && states != null) {
            queued = true;
            states.changed(this);
        }
    }

    /** The states have taken the model off their list of changed ones. */
    void taken() {
        queued = false;
    }

    void track(int slot, ModelStates<L, J> states) {
        this.slot = slot;
        this.states = states;
    }

    int slot() {
        return slot;
    }

    /** The state as last read, or null when it changed since. */
    ModelState cachedState() {
        return state;
    }

    /** The model frame in the world frame. */
    public Pose pose() {
        if (isStatic || canonical == null) {
            return fixedPose;
        }
        return canonical.linkPose().compose(canonical.poseInModel().inverse());
    }

    /** Reads the state from the bodies and joints now, and keeps it until the model changes. */
    ModelState readState() {
        state = read();
        return state;
    }

    /**
     * Hands the model's links and joints, read from the engine now, to {@code visitor}, unless it has them at this
     * version ({@code versioned}: the engine reports every body that moved); keeps no state.
     */
    void visit(StateVisitor visitor, boolean versioned) {
        if (!visitor.model(spec.name(), versioned ? version : -1)) {
            return;
        }
        for (L link : links) {
            link.visit(visitor);
        }
        for (J joint : joints) {
            joint.visit(visitor);
        }
    }

    private ModelState read() {
        List<LinkState> states = new ArrayList<>(links.size());
        LinkState canonicalState = null;
        for (L link : links) {
            LinkState state = link.state();
            states.add(state);
            if (link == canonical) {
                canonicalState = state;
            }
        }
        List<JointState> jointStates = new ArrayList<>(joints.size());
        for (J joint : joints) {
            jointStates.add(joint.state());
        }
        // The model frame and velocity follow the canonical link's state just read.
        Pose pose = isStatic || canonicalState == null
                ? fixedPose
                : canonicalState.pose().compose(canonical.poseInModel().inverse());
        Twist velocity = canonicalState == null ? Twist.ZERO : canonicalState.velocity();
        return new ModelState(spec.name(), pose, velocity, isStatic, states, jointStates, articulation);
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
