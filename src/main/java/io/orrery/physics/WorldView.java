package io.orrery.physics;

import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A read-only view of the simulated world: its models, and for views over a live world (what PostUpdate systems
 * and devices are given) its joints, rays and contacts. A snapshot is a copy: it answers joints from its models
 * and cannot cast rays or list contacts.
 */
public interface WorldView {

    /** Names of the top-level models, in load order. */
    List<String> modelNames();

    /** The model's current state, or empty if there is no such model. */
    Optional<ModelState> model(String name);

    /**
     * Every top-level model's current state, in load order. A live world may keep the states of models that did not
     * change since they were last read, so that reading the world costs what moved.
     */
    default List<ModelState> models() {
        List<ModelState> states = new ArrayList<>();
        for (String name : modelNames()) {
            model(name).ifPresent(states::add);
        }
        return states;
    }

    /**
     * Hands the physical state to {@code visitor}, model by model in load order. A live world reads its bodies and
     * joints straight from the engine; this default reads {@link #models()}.
     */
    default void visitState(StateVisitor visitor) {
        for (ModelState m : models()) {
            visitor.model(m.name());
            for (LinkState l : m.links()) {
                visitor.link(
                        l.name(), l.pose(), l.velocity().linear(), l.velocity().angular());
            }
            for (JointState j : m.joints()) {
                visitor.joint(j.position(), j.velocity());
                if (j.axis2() != null) {
                    visitor.joint(j.axis2().position(), j.axis2().velocity());
                }
            }
        }
    }

    /** The number of rigid bodies (links with a body), static ones included. */
    int bodyCount();

    /** The joint's state, or empty if the model has no such joint. */
    default Optional<JointState> joint(String model, String joint) {
        return model(model).flatMap(m -> m.joint(joint));
    }

    /** The closest hit of the segment from {@code from} to {@code to}, or empty; only a live world casts rays. */
    default Optional<RayHit> rayCast(Vec3 from, Vec3 to) {
        throw new UnsupportedOperationException("this view of the world is a copy: it cannot cast rays");
    }

    /** Contacts touching the link after the last step; only a live world lists them. */
    default List<ContactPoint> contacts(String model, String link) {
        throw new UnsupportedOperationException("this view of the world is a copy: it has no contacts");
    }
}
