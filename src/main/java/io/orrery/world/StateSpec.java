package io.orrery.world;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A world's {@code <state>} (SDF 1.4 to 1.11, as Gazebo classic saves it): where the links of its moving models were
 * and how they moved, and where their joints stood, when the world was saved. A load builds the models from their
 * elements, then puts every link listed here in its place with its velocity, so the world goes on from where it was
 * saved; a reset goes back here too. Names are scoped within their top-level model ({@code link} or
 * {@code nested::link}).
 *
 * @param simTimeNanos the sim time it was saved at: kept for reference, a loaded world's sim time starts at zero
 * @param iterations the steps taken when it was saved: kept for reference, as the sim time
 * @param models the models' states, top-level models only
 */
public record StateSpec(long simTimeNanos, long iterations, List<Model> models) {

    public StateSpec {
        if (simTimeNanos < 0 || iterations < 0) {
            throw new IllegalArgumentException("a state's sim time and iterations must not be negative, got "
                    + simTimeNanos + " ns and " + iterations);
        }
        models = List.copyOf(models);
        unique(models.stream().map(Model::name).toList(), "model");
    }

    /** The state of that top-level model, if listed. */
    public Optional<Model> model(String name) {
        return models.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /**
     * One top-level model's state. With links, they say where everything is and the joints' positions only say how
     * many turns a joint has made; without (a hand-written state), the model is put at {@code pose} and each joint
     * at its position, in order, as a joint reset does.
     *
     * @param name the model's name
     * @param pose the model frame in the world
     * @param links its links' states; empty when only its pose and joints are given
     * @param joints its joints' positions
     */
    public record Model(String name, Optional<Pose> pose, List<Link> links, List<Joint> joints) {

        public Model {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(pose, "pose");
            links = List.copyOf(links);
            joints = List.copyOf(joints);
            unique(links.stream().map(Link::name).toList(), "link of model '" + name + "'");
            unique(joints.stream().map(Joint::name).toList(), "joint of model '" + name + "'");
        }
    }

    /**
     * One link's state, in the world frame.
     *
     * @param name the link's scoped name
     * @param pose the link frame
     * @param linear the velocity of the link frame's origin (m/s)
     * @param angular the link's angular velocity (rad/s)
     */
    public record Link(String name, Pose pose, Vec3 linear, Vec3 angular) {

        public Link {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(pose, "pose");
            Objects.requireNonNull(linear, "linear");
            Objects.requireNonNull(angular, "angular");
        }
    }

    /**
     * One joint's position along its axis: rad (unwrapped, it may pass ±π) or m; and along its second axis for a
     * universal, revolute2 or gearbox joint.
     *
     * @param name the joint's scoped name
     * @param position its position ({@code <angle axis="0">})
     * @param position2 its second axis's ({@code <angle axis="1">}), NaN for a joint of one axis
     */
    public record Joint(String name, double position, double position2) {

        public Joint {
            Objects.requireNonNull(name, "name");
            if (!Double.isFinite(position) || Double.isInfinite(position2)) {
                throw new IllegalArgumentException("joint '" + name + "': the positions must be finite, got " + position
                        + (Double.isNaN(position2) ? "" : " and " + position2));
            }
        }

        /** A joint of one axis. */
        public Joint(String name, double position) {
            this(name, position, Double.NaN);
        }

        /** True when the state gives the second axis's position. */
        public boolean hasSecondAxis() {
            return !Double.isNaN(position2);
        }
    }

    private static void unique(List<String> names, String what) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                throw new IllegalArgumentException("the state lists the " + what + " '" + n + "' twice");
            }
        }
    }
}
