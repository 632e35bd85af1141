package io.orrery.physics.rigid;

import io.orrery.world.JointSpec.JointType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Splits a model's links into jointed trees that {@link Articulation} can move in reduced coordinates, or says why
 * it cannot: a link that is the child of two joints (a loop of joints), a joint type the mode lacks, a link that
 * cannot move jointed below one that can. A tree hangs from a root: a moving link no joint holds (its six degrees
 * of freedom are the tree's first), a link that can never move, or the world.
 *
 * @param trees the trees, each with at least one jointed link; empty for a model without joints
 * @param fallback why the model keeps constraints, or null when it is articulated
 * @param <L> the engine's link type
 * @param <J> the engine's joint type
 */
record ArticulationPlan<L extends Link, J extends Joint<L>>(List<Tree<L, J>> trees, String fallback) {

    /**
     * One tree, its links parent first (depth first, so a link's subtree follows it contiguously).
     *
     * @param root the root link, or null for the world
     * @param joints the joint that holds each link of the tree below the root, parent first
     * @param parents for each joint, the index of the joint holding its parent link, or -1 for the root
     */
    record Tree<L extends Link, J extends Joint<L>>(L root, List<J> joints, int[] parents) {
    }

    /** Whether the mode moves a joint of this type in reduced coordinates. */
    static boolean articulates(JointType type) {
        return switch (type) {
            case REVOLUTE, CONTINUOUS, PRISMATIC, FIXED, BALL -> true;
            default -> false;
        };
    }

    static <L extends Link, J extends Joint<L>> ArticulationPlan<L, J> of(Model<L, J> model) {
        Map<L, J> holder = new HashMap<>();
        Map<L, List<J>> children = new LinkedHashMap<>();
        List<J> fromWorld = new ArrayList<>();
        for (J joint : model.joints()) {
            if (!articulates(joint.spec().type())) {
                return fallback("joint '" + joint.name() + "' is " + joint.spec().type().name()
                        .toLowerCase(Locale.ROOT) + ", a type reduced coordinates do not move");
            }
            if (holder.put(joint.child(), joint) != null) {
                return fallback("link '" + joint.child().name() + "' is the child of two joints (a loop of joints)");
            }
            if (joint.parent() == null) {
                fromWorld.add(joint);
            } else {
                children.computeIfAbsent(joint.parent(), k -> new ArrayList<>()).add(joint);
            }
        }
        if (holder.isEmpty()) {
            return new ArticulationPlan<>(List.of(), null);
        }
        List<Tree<L, J>> trees = new ArrayList<>();
        int reached = 0;
        // The world's tree: links jointed to the world that can move. Those that never move are roots of their own.
        List<J> world = new ArrayList<>();
        for (J joint : fromWorld) {
            if (joint.child().alwaysStatic()) {
                continue;
            }
            world.add(joint);
        }
        List<L> roots = new ArrayList<>();
        for (L link : model.links()) {
            J held = holder.get(link);
            if (held == null || (held.parent() == null && link.alwaysStatic())) {
                roots.add(link);
            }
        }
        if (!world.isEmpty()) {
            Tree<L, J> tree = grow(null, world, children);
            if (tree == null) {
                return fallback(staticBelow(model));
            }
            trees.add(tree);
            reached += tree.joints().size();
        }
        for (L root : roots) {
            List<J> below = children.getOrDefault(root, List.of());
            if (below.isEmpty()) {
                continue;
            }
            Tree<L, J> tree = grow(root, below, children);
            if (tree == null) {
                return fallback(staticBelow(model));
            }
            trees.add(tree);
            reached += tree.joints().size();
        }
        long held = holder.values().stream().filter(j -> !(j.parent() == null && j.child().alwaysStatic())).count();
        if (reached != held) {
            return fallback("its joints form a loop");
        }
        return new ArticulationPlan<>(trees, null);
    }

    /** The tree below {@code root} through the joints {@code first}, or null when a link in it cannot move. */
    private static <L extends Link, J extends Joint<L>> Tree<L, J> grow(L root, List<J> first,
            Map<L, List<J>> children) {
        List<J> joints = new ArrayList<>();
        List<Integer> parents = new ArrayList<>();
        for (J joint : first) {
            if (!visit(joint, -1, joints, parents, children)) {
                return null;
            }
        }
        return new Tree<>(root, List.copyOf(joints), parents.stream().mapToInt(Integer::intValue).toArray());
    }

    private static <L extends Link, J extends Joint<L>> boolean visit(J joint, int parent, List<J> joints,
            List<Integer> parents, Map<L, List<J>> children) {
        if (joint.child().alwaysStatic() || joints.size() > 10_000) {
            return false;
        }
        int index = joints.size();
        joints.add(joint);
        parents.add(parent);
        for (J below : children.getOrDefault(joint.child(), List.of())) {
            if (!visit(below, index, joints, parents, children)) {
                return false;
            }
        }
        return true;
    }

    private static String staticBelow(Model<?, ?> model) {
        return "a link that cannot move is jointed below one that can";
    }

    private static <L extends Link, J extends Joint<L>> ArticulationPlan<L, J> fallback(String why) {
        return new ArticulationPlan<>(List.of(), why);
    }
}
