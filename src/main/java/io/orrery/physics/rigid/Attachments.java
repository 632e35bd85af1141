package io.orrery.physics.rigid;

import io.orrery.world.JointSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fixed joints {@link io.orrery.physics.PhysicsWorld#attach} made while the world runs (gz-sim's detachable
 * joints): each an engine's ordinary fixed joint, framed at the child link where it is when made, so that it holds
 * the two links as they are then. They belong to no model: a model's state does not list them, and a reset, which
 * rebuilds the world as loaded, drops them all.
 *
 * @param <L> the engine's link type
 * @param <J> the engine's joint type
 */
final class Attachments<L extends Link, J extends Joint<L>> {

    private final RigidWorld<L, J> engine;
    private final Map<Long, Entry<L, J>> joints = new LinkedHashMap<>();
    private long next = 1;

    /**
     * A joint as made: its links and frame, and the engine's constraint while one of its bodies can move. The
     * constraint is built when it goes into the engine's world and dropped when it leaves, so that it is always
     * built over the bodies as they are then (static or dynamic), from the frame taken when the joint was made.
     */
    private static final class Entry<L extends Link, J extends Joint<L>> {
        final JointFrame.Placed<L> frame;
        J joint;

        Entry(JointFrame.Placed<L> frame) {
            this.frame = frame;
        }

        boolean holds(String model) {
            return frame.parent().model().equals(model) || frame.child().model().equals(model);
        }
    }

    Attachments(RigidWorld<L, J> engine) {
        this.engine = engine;
    }

    /** Joins {@code child} to {@code parent} where they are now; returns the joint's id. */
    long attach(L parent, L child) {
        if (parent == child) {
            throw new IllegalArgumentException(
                    "cannot attach link '" + child.name() + "' of model '" + child.model() + "' to itself");
        }
        long id = next++;
        String name = "attachment " + id;
        JointSpec spec = new JointSpec(
                name,
                JointSpec.JointType.FIXED,
                parent.name(),
                child.name(),
                Pose.IDENTITY,
                Vec3.UNIT_Z,
                JointSpec.JointLimits.NONE);
        Pose frame = child.linkPose();
        Entry<L, J> entry = new Entry<>(new JointFrame.Placed<>(
                "model '" + parent.model() + "' link '" + parent.name() + "' attached to model '" + child.model()
                        + "' link '" + child.name() + "'",
                name,
                spec,
                parent,
                child,
                parent.comPose().inverse().compose(frame),
                child.comPose().inverse().compose(frame)));
        joints.put(id, entry);
        add(entry);
        return id;
    }

    /** Breaks the joint of that id; false when there is none (detached already, a model removed, a reset). */
    boolean detach(long id) {
        Entry<L, J> entry = joints.remove(id);
        if (entry == null) {
            return false;
        }
        remove(entry);
        return true;
    }

    /** Takes out of the engine's world the joints that hold a link of {@code model}, before its bodies change. */
    void lift(String model) {
        for (Entry<L, J> entry : joints.values()) {
            if (entry.holds(model)) {
                remove(entry);
            }
        }
    }

    /** Puts back the joints {@link #lift} took out, those that can move now. */
    void restore() {
        for (Entry<L, J> entry : joints.values()) {
            add(entry);
        }
    }

    /** Breaks for good the joints that hold a link of {@code model}, which is being removed. */
    void dropAll(String model) {
        Iterator<Entry<L, J>> it = joints.values().iterator();
        while (it.hasNext()) {
            Entry<L, J> entry = it.next();
            if (entry.holds(model)) {
                remove(entry);
                it.remove();
            }
        }
    }

    /** Breaks every joint: the world is being emptied. */
    void clear() {
        for (Entry<L, J> entry : joints.values()) {
            remove(entry);
        }
        joints.clear();
    }

    /** Builds and adds the joint when one of its bodies can move; wakes both so that a sleeping pair feels it. */
    private void add(Entry<L, J> entry) {
        L parent = entry.frame.parent();
        L child = entry.frame.child();
        if (entry.joint == null && (child.isDynamic() || parent.isDynamic())) {
            J joint = engine.buildJoint(entry.frame);
            engine.addConstraints(joint);
            joint.setAdded(true);
            entry.joint = joint;
            wake(joint);
        }
    }

    /** Removes the joint from the engine's world; wakes both bodies, so that a child let go falls at once. */
    private void remove(Entry<L, J> entry) {
        J joint = entry.joint;
        if (joint != null) {
            engine.removeConstraints(joint);
            joint.setAdded(false);
            entry.joint = null;
            wake(joint);
        }
    }

    private static void wake(Joint<?> joint) {
        for (Link link : new Link[] {joint.parent(), joint.child()}) {
            if (link.isDynamic()) {
                link.activate();
            }
        }
    }
}
