package io.orrery.physics.rigid;

import io.orrery.log.LogSafe;
import io.orrery.physics.Articulation;
import io.orrery.physics.ArticulationState;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Puts a model's links back on its joints after every step: the {@code projected} articulation mode. The engine's
 * solver leaves each joint a little open (its iterations do not converge on a chain, and its position correction
 * moves the links again in the next step). Here, after the step:
 * <ul>
 * <li>every joint's position is read as the step left it, and the links are placed, from the root outwards,
 * exactly where those positions put them;</li>
 * <li>the links' velocities are replaced by the nearest ones the joints allow, nearest in kinetic energy (the
 * mass-weighted projection onto the joints' free directions, {@link VelocityProjection}): momentum is kept, kinetic
 * energy never grows, and what a joint locks is exactly zero.</li>
 * </ul>
 * Then the joints' servos, friction, damping and limits act in joint space ({@link DriveRows}), where the engine's
 * solver would have applied them body by body. The links stay rigid bodies: contacts and force commands act on them
 * in the engine's step as before.
 *
 * <p>Only a tree of revolute, continuous, prismatic, fixed and ball joints is projected: a model with a loop of
 * joints, or a joint type outside that list, keeps plain constraints, and {@link #fallback()} says why.
 *
 * @param <L> the engine's link type
 * @param <J> the engine's joint type
 */
final class JointProjection<L extends Link, J extends Joint<L>> {

    /** Places a body at a centre-of-mass pose and sets its velocity, without waking it. */
    interface Mover<L> {
        void move(L link, Pose com, Vec3 linear, Vec3 angular);
    }

    private final Model<L, J> model;
    /** The joints, every parent's joint before its children's; empty on a fallback. */
    private final List<J> order;
    /** Why the model keeps plain constraints, or null when it is projected. */
    private final String fallback;

    /** As the step began: the joints that hold a moving child, their positions, the poses, the speeds. */
    private final List<J> active = new ArrayList<>();

    private final List<Double> positions = new ArrayList<>();
    private final List<L> moving = new ArrayList<>();
    private Map<L, Pose> poses;
    private VelocityProjection<L, J> start;
    private double[] speeds;
    private boolean captured;

    private JointProjection(Model<L, J> model, List<J> order, String fallback) {
        this.model = model;
        this.order = order;
        this.fallback = fallback;
    }

    /**
     * The model's projection, with its articulation set to say so; empty when its joints cannot be projected, the
     * articulation then saying why (and the log, naming the world file {@code source}).
     */
    static <L extends Link, J extends Joint<L>> Optional<JointProjection<L, J>> attach(Model<L, J> model, Path source) {
        JointProjection<L, J> projection = of(model);
        if (projection.fallback() == null) {
            model.setArticulation(ArticulationState.as(Articulation.PROJECTED));
            return Optional.of(projection);
        }
        model.setArticulation(ArticulationState.fellBack(Articulation.PROJECTED, projection.fallback()));
        System.getLogger(RigidWorld.class.getName())
                .log(
                        Level.INFO,
                        "{0}: model ''{1}'' keeps plain constraints: {2}",
                        LogSafe.of(source),
                        LogSafe.of(model.name()),
                        LogSafe.of(projection.fallback()));
        return Optional.empty();
    }

    /** The projection of a model's joints, or a fallback saying why its joints cannot be projected. */
    static <L extends Link, J extends Joint<L>> JointProjection<L, J> of(Model<L, J> model) {
        Map<L, J> parentJoint = new HashMap<>();
        for (J joint : model.joints()) {
            JointType type = joint.spec().type();
            if (!projectable(type)) {
                return new JointProjection<>(
                        model,
                        List.of(),
                        "joint '" + joint.name() + "' is "
                                + type.name().toLowerCase(Locale.ROOT)
                                + "; only revolute, continuous, prismatic, fixed and"
                                + " ball joints articulate");
            }
            J other = parentJoint.putIfAbsent(joint.child(), joint);
            if (other != null) {
                return new JointProjection<>(
                        model,
                        List.of(),
                        "link '" + joint.child().name()
                                + "' is the child of joints '" + other.name() + "' and '" + joint.name()
                                + "': a loop of joints");
            }
        }
        List<J> order = new ArrayList<>();
        Map<J, Integer> depth = new HashMap<>();
        for (J joint : model.joints()) {
            int d = 0;
            L up = joint.parent();
            while (up != null && parentJoint.containsKey(up)) {
                up = parentJoint.get(up).parent();
                if (++d > model.joints().size()) {
                    return new JointProjection<>(
                            model, List.of(), "joint '" + joint.name() + "' is on a loop of joints");
                }
            }
            depth.put(joint, d);
            order.add(joint);
        }
        order.sort((a, b) -> Integer.compare(depth.get(a), depth.get(b)));
        for (J joint : order) {
            joint.setArticulated(joint.isActuated());
        }
        return new JointProjection<>(model, List.copyOf(order), null);
    }

    private static boolean projectable(JointType type) {
        return switch (type) {
            case REVOLUTE, CONTINUOUS, PRISMATIC, FIXED, BALL -> true;
            default -> false;
        };
    }

    /** Why the model keeps plain constraints, or null when it articulates. */
    String fallback() {
        return fallback;
    }

    /**
     * Reads the model as the next step starts: where its joints are and how fast they move. Called before the
     * engine's step; {@link #apply} after it.
     */
    void capture() {
        captured = false;
        if (order.isEmpty()) {
            return;
        }
        for (L link : model.links()) {
            if (link.isDynamic() && link.isSleeping()) {
                return; // asleep: nothing moves (an island sleeps whole)
            }
        }
        active.clear();
        positions.clear();
        for (J joint : order) {
            if (joint.isAdded() && joint.child().isDynamic()) {
                active.add(joint);
                positions.add(joint.currentPosition());
            }
        }
        if (active.isEmpty()) {
            return;
        }
        poses = new LinkedHashMap<>();
        moving.clear();
        for (L link : model.links()) {
            poses.put(link, link.comPose());
            if (link.isDynamic()) {
                moving.add(link);
            }
        }
        start = new VelocityProjection<>(active, poses, moving);
        speeds = start.project(velocities());
        captured = true;
    }

    /**
     * After the engine's step of {@code dt} seconds: the joints' speeds are the links' new velocities projected onto
     * the joints (as the step began) plus the velocity-product terms, the drives act on them in joint space, the joint
     * positions advance by those speeds times {@code dt}, and the links are put there with the velocities the speeds
     * give.
     */
    void apply(Mover<L> mover, double dt) {
        if (!captured) {
            return;
        }
        double[] next = start.project(velocities());
        double[] bias = start.velocityProductChange(speeds, dt);
        double[] predicted = next.clone();
        for (int i = 0; i < next.length; i++) {
            predicted[i] += bias[i];
        }
        double[] later = start.velocityProductChange(predicted, dt);
        for (int i = 0; i < next.length; i++) {
            next[i] += 0.5 * (bias[i] + later[i]);
        }
        DriveRows.solve(start, next, active, positions, dt);
        Map<L, Pose> placed = new LinkedHashMap<>();
        for (L link : model.links()) {
            placed.put(link, link.comPose()); // roots where the step left them
        }
        for (int i = 0; i < active.size(); i++) {
            J joint = active.get(i);
            int dof = start.dofOf(joint);
            double q = dof < 0 ? 0 : positions.get(i) + dt * next[dof];
            Quat turn = null;
            if (joint.spec().type() == JointType.BALL) {
                L parent = joint.parent();
                Quat parentTurn =
                        parent == null ? Quat.IDENTITY : parent.comPose().rotation();
                turn = parentTurn.conjugate().times(joint.child().comPose().rotation());
            }
            Pose frame = joint.parent() == null
                    ? joint.inParent()
                    : placed.get(joint.parent()).compose(joint.inParent());
            placed.put(joint.child(), placed(joint, frame, q, turn, placed));
        }
        VelocityProjection<L, J> end = new VelocityProjection<>(active, placed, moving, false);
        for (L link : moving) {
            Vec3[] v = end.velocityOf(link, next);
            mover.move(link, placed.get(link), v[0], v[1]);
        }
        captured = false;
    }

    private Map<L, Vec3[]> velocities() {
        Map<L, Vec3[]> result = new LinkedHashMap<>();
        for (L link : moving) {
            result.put(link, new Vec3[] {link.linearVelocity(), link.angularVelocity()});
        }
        return result;
    }

    /** Where the joint's child goes: its joint frame at {@code frame} moved by {@code position}. */
    private static <L extends Link, J extends Joint<L>> Pose placed(
            J joint, Pose frame, double position, Quat turn, Map<L, Pose> poses) {
        return switch (joint.spec().type()) {
            case REVOLUTE, CONTINUOUS ->
                frame.compose(new Pose(Vec3.ZERO, Quat.fromAxisAngle(joint.localAxis(), position)))
                        .compose(joint.inChild().inverse());
            case PRISMATIC ->
                frame.compose(new Pose(joint.localAxis().times(position), Quat.IDENTITY))
                        .compose(joint.inChild().inverse());
            case BALL -> {
                // the pivot is held; the child's rotation relative to the parent is kept as the step left it
                Quat parentTurn = joint.parent() == null
                        ? Quat.IDENTITY
                        : poses.get(joint.parent()).rotation();
                Quat rotation = parentTurn.times(turn).normalized();
                yield new Pose(
                        frame.position().minus(rotation.rotate(joint.inChild().position())), rotation);
            }
            default -> frame.compose(joint.inChild().inverse()); // fixed
        };
    }
}
