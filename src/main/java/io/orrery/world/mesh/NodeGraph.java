package io.orrery.world.mesh;

import java.util.ArrayList;
import java.util.List;

/**
 * A mesh file's node hierarchy as Assimp will expand it (COLLADA's nested and instanced nodes, glTF's children),
 * checked before Assimp sees it: Assimp walks it recursively on the native stack, so a chain too deep overflows that
 * stack (SIGSEGV, the JVM gone), a cycle recurses for ever, and a node instanced twice at every level multiplies into
 * billions. Refused: a hierarchy deeper than {@link MeshPreScan#MAX_NODE_DEPTH}, a cycle, and more than
 * {@link MeshPreScan#MAX_NODES} nodes once expanded.
 */
final class NodeGraph {

    private final String format;
    private final List<List<Integer>> children = new ArrayList<>();
    private final List<Boolean> hasParent = new ArrayList<>();

    /** @param format the file's format, for messages ({@code COLLADA}, {@code glTF}) */
    NodeGraph(String format) {
        this.format = format;
    }

    private int links;

    /** A new node; its index. */
    int add() {
        if (children.size() >= MeshPreScan.MAX_NODES) {
            throw tooMany();
        }
        children.add(new ArrayList<>());
        hasParent.add(false);
        return children.size() - 1;
    }

    /** Makes {@code child} a child of {@code parent}; indices out of range are left for Assimp to refuse. */
    void link(int parent, int child) {
        if (parent < 0 || child < 0 || parent >= children.size() || child >= children.size()) {
            return;
        }
        if (++links > MeshPreScan.MAX_NODES) {
            throw tooMany(); // every link is at least one more node once expanded
        }
        children.get(parent).add(child);
        hasParent.set(child, true);
    }

    /** The number of nodes. */
    int size() {
        return children.size();
    }

    /**
     * Checks depth, cycles and size.
     *
     * @param cycle what to call a cycle in a message, for example {@code instance each other in a cycle}
     * @throws MeshException naming the bound passed
     */
    void check(String cycle) {
        int n = children.size();
        int[] depth = new int[n]; // 0 unknown, -1 on the current path
        long[] expanded = new long[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (depth[i] == 0) {
                visit(i, 1, depth, expanded, cycle);
            }
            if (!hasParent.get(i)) {
                total = Math.min(MeshPreScan.MAX_NODES + 1L, total + expanded[i]);
            }
        }
        if (total > MeshPreScan.MAX_NODES) {
            throw tooMany();
        }
    }

    private MeshException tooMany() {
        return new MeshException("its " + format + " nodes make more than " + MeshPreScan.MAX_NODES
                + " nodes once instanced, the most Orrery reads");
    }

    /** The depth below {@code node} (itself included), and how many nodes it expands to; recursion bounded. */
    private int visit(int node, int level, int[] depth, long[] expanded, String cycle) {
        if (level > MeshPreScan.MAX_NODE_DEPTH) {
            throw new MeshException(format + " nodes nest more than " + MeshPreScan.MAX_NODE_DEPTH
                    + " deep, the most Orrery reads (the mesh library walks them on a fixed stack)");
        }
        depth[node] = -1;
        int below = 0;
        long count = 1;
        for (int child : children.get(node)) {
            if (depth[child] == -1) {
                throw new MeshException(format + " nodes " + cycle);
            }
            if (depth[child] == 0) {
                visit(child, level + 1, depth, expanded, cycle);
            }
            if (level + depth[child] > MeshPreScan.MAX_NODE_DEPTH) {
                throw new MeshException(format + " nodes nest more than " + MeshPreScan.MAX_NODE_DEPTH
                        + " deep, the most Orrery reads (the mesh library walks them on a fixed stack)");
            }
            below = Math.max(below, depth[child]);
            count = Math.min(MeshPreScan.MAX_NODES + 1L, count + expanded[child]);
        }
        depth[node] = below + 1;
        expanded[node] = count;
        return depth[node];
    }
}
