package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.Dbvt;
import com.bulletphysics.collision.broadphase.DbvtAabbMm;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javax.vecmath.Vector3f;

/**
 * What building a world did to JBullet's broadphase tree, kept to build the same tree again without its walks: the
 * operations in order (each leaf's insertion and box updates, with their boxes' bits) and the tree they made. JBullet's
 * tree is a pure function of the operations on an empty tree, so a reset whose building does exactly the same (every
 * operation compared, box to the bit) gets the recorded tree's shape and boxes, with its own leaves in their places.
 * On a grid of 10,000 boxes the walks were two thirds of a reset's CPU (the tree is about 200 deep).
 */
final class DbvtTemplate {

    /** An operation that inserts a leaf; any other value is the ordinal of the leaf whose box an update set. */
    private static final int INSERT = -1;

    private final int[] opLeaf;
    private final float[] opBox;
    private final int ops;

    /** The tree, root first: each node's two children (-1 for a leaf), a leaf's ordinal, every node's box. */
    private final int[] child0;

    private final int[] child1;
    private final int[] leafOrdinal;
    private final float[] nodeBox;
    private final int leaves;
    private final boolean hadFree;
    private final int lkhd;
    private final int opath;

    private DbvtTemplate(Recorder r, Dbvt tree) {
        this.opLeaf = Arrays.copyOf(r.opLeaf, r.ops);
        this.opBox = Arrays.copyOf(r.opBox, r.ops * 6);
        this.ops = r.ops;
        List<Dbvt.Node> order = preorder(tree.root);
        Map<Dbvt.Node, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < order.size(); i++) {
            index.put(order.get(i), i);
        }
        int n = order.size();
        child0 = new int[n];
        child1 = new int[n];
        leafOrdinal = new int[n];
        nodeBox = new float[n * 6];
        for (int i = 0; i < n; i++) {
            Dbvt.Node node = order.get(i);
            boolean leaf = node.isleaf();
            child0[i] = leaf ? -1 : index.get(node.childs[0]);
            child1[i] = leaf ? -1 : index.get(node.childs[1]);
            leafOrdinal[i] = leaf ? r.ordinals.get(node) : -1;
            write(node.volume, nodeBox, i);
        }
        this.leaves = tree.leaves;
        this.hadFree = tree.free != null;
        this.lkhd = tree.lkhd;
        this.opath = tree.opath;
    }

    /** The operations so far; {@link #isInsert} and {@link #isUpdate} check the next against them. */
    int size() {
        return ops;
    }

    /** True when operation {@code i} inserted a leaf with exactly {@code box}. */
    boolean isInsert(int i, DbvtAabbMm box) {
        return i < ops && opLeaf[i] == INSERT && same(box, i);
    }

    /**
     * True when operation {@code i} set exactly {@code box} on {@code leaf}, which must be the leaf inserted in the
     * same place of {@code order} (the leaves in insertion order).
     */
    boolean isUpdate(int i, List<Dbvt.Node> order, Dbvt.Node leaf, DbvtAabbMm box) {
        return i < ops && opLeaf[i] >= 0 && order.get(opLeaf[i]) == leaf && same(box, i);
    }

    /** Does the first {@code count} operations again on {@code leaves} (in insertion order), through {@code tree}. */
    void replay(int count, List<Dbvt.Node> leaves, Replay tree) {
        int inserted = 0;
        for (int i = 0; i < count; i++) {
            DbvtAabbMm box = read(opBox, i);
            if (opLeaf[i] == INSERT) {
                Dbvt.Node leaf = leaves.get(inserted++);
                leaf.volume.set(box);
                tree.insert(leaf);
            } else {
                tree.update(leaves.get(opLeaf[i]), box);
            }
        }
    }

    /** Makes {@code tree} the recorded tree, with {@code leaves} (in insertion order) as its leaves. */
    void build(Dbvt tree, List<Dbvt.Node> leaves) {
        int n = child0.length;
        Dbvt.Node[] nodes = new Dbvt.Node[n];
        Vector3f mi = new Vector3f();
        Vector3f mx = new Vector3f();
        for (int i = 0; i < n; i++) {
            nodes[i] = child0[i] < 0 ? leaves.get(leafOrdinal[i]) : new Dbvt.Node();
            int at = i * 6;
            mi.set(nodeBox[at], nodeBox[at + 1], nodeBox[at + 2]);
            mx.set(nodeBox[at + 3], nodeBox[at + 4], nodeBox[at + 5]);
            DbvtAabbMm.FromMM(mi, mx, nodes[i].volume);
        }
        for (int i = 0; i < n; i++) {
            if (child0[i] >= 0) {
                link(nodes[i], 0, nodes[child0[i]]);
                link(nodes[i], 1, nodes[child1[i]]);
            }
        }
        tree.root = n == 0 ? null : nodes[0];
        if (n > 0) {
            tree.root.parent = null;
        }
        tree.leaves = this.leaves;
        tree.free = hadFree ? new Dbvt.Node() : null;
        tree.lkhd = this.lkhd;
        tree.opath = this.opath;
    }

    private static void link(Dbvt.Node parent, int side, Dbvt.Node child) {
        parent.childs[side] = child;
        child.parent = parent;
    }

    private boolean same(DbvtAabbMm box, int op) {
        Vector3f mi = box.Mins();
        Vector3f mx = box.Maxs();
        int at = op * 6;
        return bits(mi.x, opBox[at])
                && bits(mi.y, opBox[at + 1])
                && bits(mi.z, opBox[at + 2])
                && bits(mx.x, opBox[at + 3])
                && bits(mx.y, opBox[at + 4])
                && bits(mx.z, opBox[at + 5]);
    }

    private static boolean bits(float a, float b) {
        return Float.floatToRawIntBits(a) == Float.floatToRawIntBits(b);
    }

    private static void write(DbvtAabbMm box, float[] to, int i) {
        Vector3f mi = box.Mins();
        Vector3f mx = box.Maxs();
        int at = i * 6;
        to[at] = mi.x;
        to[at + 1] = mi.y;
        to[at + 2] = mi.z;
        to[at + 3] = mx.x;
        to[at + 4] = mx.y;
        to[at + 5] = mx.z;
    }

    private static DbvtAabbMm read(float[] from, int i) {
        int at = i * 6;
        return DbvtAabbMm.FromMM(
                new Vector3f(from[at], from[at + 1], from[at + 2]),
                new Vector3f(from[at + 3], from[at + 4], from[at + 5]),
                new DbvtAabbMm());
    }

    /** The nodes root first, each before its children, the first child's subtree before the second's. */
    private static List<Dbvt.Node> preorder(Dbvt.Node root) {
        List<Dbvt.Node> order = new java.util.ArrayList<>();
        ArrayDeque<Dbvt.Node> todo = new ArrayDeque<>();
        if (root != null) {
            todo.push(root);
        }
        while (!todo.isEmpty()) {
            Dbvt.Node node = todo.pop();
            order.add(node);
            if (node.isinternal()) {
                todo.push(node.childs[1]);
                todo.push(node.childs[0]);
            }
        }
        return order;
    }

    /** The tree's own operations, for {@link #replay}. */
    interface Replay {
        /** Links {@code leaf}, its box set, into the tree. */
        void insert(Dbvt.Node leaf);

        /** Sets {@code box} on {@code leaf} as the tree's update does. */
        void update(Dbvt.Node leaf, DbvtAabbMm box);
    }

    /** Records a new tree's operations, from the first. */
    static final class Recorder {
        private int[] opLeaf = new int[64];
        private float[] opBox = new float[64 * 6];
        private int ops;
        private final Map<Dbvt.Node, Integer> ordinals = new IdentityHashMap<>();

        void inserted(Dbvt.Node leaf) {
            add(INSERT, leaf.volume);
            ordinals.put(leaf, ordinals.size());
        }

        void updated(Dbvt.Node leaf, DbvtAabbMm box) {
            add(ordinals.get(leaf), box);
        }

        private void add(int leaf, DbvtAabbMm box) {
            if (ops == opLeaf.length) {
                opLeaf = Arrays.copyOf(opLeaf, ops * 2);
                opBox = Arrays.copyOf(opBox, ops * 2 * 6);
            }
            opLeaf[ops] = leaf;
            write(box, opBox, ops);
            ops++;
        }

        /** The template of what was recorded, which made {@code tree}. */
        DbvtTemplate finish(Dbvt tree) {
            return new DbvtTemplate(this, tree);
        }
    }
}
