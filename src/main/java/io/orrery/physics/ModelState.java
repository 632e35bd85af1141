package io.orrery.physics;

import io.orrery.world.Pose;
import java.util.List;
import java.util.Optional;

/**
 * A top-level model's state at one instant.
 *
 * @param name the model name
 * @param pose the model frame in the world frame (derived from its canonical link for a moving model)
 * @param velocity the canonical link's velocity
 * @param isStatic true when the model does not move
 * @param links every link of the model and its nested models
 * @param joints every joint of the model and its nested models
 * @param articulation how the model's joints move ({@code orrery.physics.articulation}), and why not as asked
 */
public record ModelState(String name, Pose pose, Twist velocity, boolean isStatic, List<LinkState> links,
        List<JointState> joints, Articulation articulation) {

    public ModelState {
        links = List.copyOf(links);
        joints = List.copyOf(joints);
    }

    /** A model moved by constraints. */
    public ModelState(String name, Pose pose, Twist velocity, boolean isStatic, List<LinkState> links,
            List<JointState> joints) {
        this(name, pose, velocity, isStatic, links, joints, Articulation.CONSTRAINTS);
    }

    /** A model without joints. */
    public ModelState(String name, Pose pose, Twist velocity, boolean isStatic, List<LinkState> links) {
        this(name, pose, velocity, isStatic, links, List.of());
    }

    /**
     * How a model's joints move.
     *
     * @param mode {@code reduced} (each jointed tree in reduced coordinates) or {@code constraints}
     * @param fallback why the model keeps constraints although {@code reduced} was asked for (a loop of joints, a
     *     joint type reduced coordinates lack), or null
     */
    public record Articulation(String mode, String fallback) {

        public static final Articulation REDUCED = new Articulation("reduced", null);
        public static final Articulation CONSTRAINTS = new Articulation("constraints", null);
    }

    public Optional<LinkState> link(String linkName) {
        return links.stream().filter(l -> l.name().equals(linkName)).findFirst();
    }

    public Optional<JointState> joint(String jointName) {
        return joints.stream().filter(j -> j.name().equals(jointName)).findFirst();
    }
}
