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
 * @param articulation how its joints are held ({@code orrery.physics.articulation}), and why it fell back if it did
 */
public record ModelState(
        String name,
        Pose pose,
        Twist velocity,
        boolean isStatic,
        List<LinkState> links,
        List<JointState> joints,
        ArticulationState articulation) {

    public ModelState {
        links = List.copyOf(links);
        joints = List.copyOf(joints);
        java.util.Objects.requireNonNull(articulation, "articulation");
    }

    /** A model whose joints are plain constraints. */
    public ModelState(
            String name, Pose pose, Twist velocity, boolean isStatic, List<LinkState> links, List<JointState> joints) {
        this(name, pose, velocity, isStatic, links, joints, ArticulationState.as(Articulation.CONSTRAINTS));
    }

    /** A model without joints. */
    public ModelState(String name, Pose pose, Twist velocity, boolean isStatic, List<LinkState> links) {
        this(name, pose, velocity, isStatic, links, List.of());
    }

    public Optional<LinkState> link(String linkName) {
        return links.stream().filter(l -> l.name().equals(linkName)).findFirst();
    }

    public Optional<JointState> joint(String jointName) {
        return joints.stream().filter(j -> j.name().equals(jointName)).findFirst();
    }
}
