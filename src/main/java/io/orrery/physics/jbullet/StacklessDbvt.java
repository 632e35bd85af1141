package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.Dbvt;
import com.bulletphysics.collision.broadphase.DbvtAabbMm;
import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import javax.vecmath.Vector3f;

/**
 * JBullet's dynamic AABB tree, building exactly the same tree, with its two hot paths (a leaf's insertion and its
 * update) free of JBullet's thread-local scratch stack. A leaf's insertion walks from the root to the closest leaf
 * comparing two proximities per level, and JBullet's proximity fetches its scratch stack from a thread local for each:
 * on a grid of boxes the tree is about 200 deep, and these look-ups were 40% of a 10,000-body reset's CPU. The
 * arithmetic is JBullet's, operation for operation (Java's float is strict), so every decision and every box is the
 * same; so are the free node JBullet keeps, the leaf count and the look-ahead. Everything else is JBullet's own.
 * The three methods follow JBullet's Dbvt (Java port of Bullet by Martin Dvorak, zlib licence, as JBullet itself);
 * StacklessDbvtTests holds the two trees equal.
 */
class StacklessDbvt extends Dbvt {

    /** Puts stackless trees in a new broadphase, before any proxy: its dynamic and its fixed set. */
    static DbvtBroadphase install(DbvtBroadphase broadphase) {
        broadphase.sets[0] = new StacklessDbvt();
        broadphase.sets[1] = new StacklessDbvt();
        return broadphase;
    }

    /** Links {@code leaf}, its box set, into the tree, as an insertion does. */
    final void link(Node leaf) {
        insertLeaf(root, leaf);
    }

    /** The leaf's new box, as {@link #update(Node, DbvtAabbMm)} sets it. */
    final void move(Node leaf, DbvtAabbMm volume) {
        Node from = removeLeaf(leaf);
        if (from != null) {
            if (lkhd >= 0) {
                for (int i = 0; i < lkhd && from.parent != null; i++) {
                    from = from.parent;
                }
            } else {
                from = root;
            }
        }
        leaf.volume.set(volume);
        insertLeaf(from, leaf);
    }

    /** A new leaf with {@code volume}, not yet in the tree (JBullet's createnode for a leaf). */
    final Node leaf(DbvtAabbMm volume, Object data) {
        return createNode(null, volume, data);
    }

    /** As {@link Dbvt#insert}. */
    @Override
    public Node insert(DbvtAabbMm volume, Object data) {
        Node leaf = leaf(volume, data);
        link(leaf);
        leaves++;
        return leaf;
    }

    /** As {@link Dbvt#update(Node, DbvtAabbMm)}: out of the tree, then in again from its look-ahead ancestor. */
    @Override
    public void update(Node leaf, DbvtAabbMm volume) {
        move(leaf, volume);
    }

    /** JBullet's createnode: the one free node kept, else a new one. */
    private Node createNode(Node parent, DbvtAabbMm volume, Object data) {
        Node node;
        if (free != null) {
            node = free;
            free = null;
        } else {
            node = new Node();
        }
        node.parent = parent;
        node.volume.set(volume);
        node.data = data;
        node.childs[1] = null;
        return node;
    }

    /** JBullet's insertleaf. */
    private void insertLeaf(Node start, Node leaf) {
        if (root == null) {
            root = leaf;
            leaf.parent = null;
            return;
        }
        Node at = start;
        while (!at.isleaf()) {
            at = proximity(at.childs[0].volume, leaf.volume) < proximity(at.childs[1].volume, leaf.volume)
                    ? at.childs[0]
                    : at.childs[1];
        }
        Node prev = at.parent;
        DbvtAabbMm merged = new DbvtAabbMm();
        DbvtAabbMm.Merge(leaf.volume, at.volume, merged);
        Node node = createNode(prev, merged, null);
        if (prev != null) {
            prev.childs[indexOf(at)] = node;
            node.childs[0] = at;
            at.parent = node;
            node.childs[1] = leaf;
            leaf.parent = node;
            do {
                if (prev.volume.Contain(node.volume)) {
                    break;
                }
                DbvtAabbMm.Merge(prev.childs[0].volume, prev.childs[1].volume, prev.volume);
                node = prev;
            } while ((prev = node.parent) != null);
        } else {
            node.childs[0] = at;
            at.parent = node;
            node.childs[1] = leaf;
            leaf.parent = node;
            root = node;
        }
    }

    /**
     * JBullet's removeleaf. Its loop up the tree compares the parent's box with itself (it keeps a reference, not a
     * copy), so it merges the first ancestor's box only and stops there: so does this one.
     */
    private Node removeLeaf(Node leaf) {
        if (leaf == root) {
            root = null;
            return null;
        }
        Node parent = leaf.parent;
        Node prev = parent.parent;
        Node sibling = parent.childs[1 - indexOf(leaf)];
        if (prev != null) {
            prev.childs[indexOf(parent)] = sibling;
            sibling.parent = prev;
            free = parent;
            DbvtAabbMm.Merge(prev.childs[0].volume, prev.childs[1].volume, prev.volume);
            return prev;
        }
        root = sibling;
        sibling.parent = null;
        free = parent;
        return root;
    }

    private static int indexOf(Node node) {
        return node.parent.childs[1] == node ? 1 : 0;
    }

    /** JBullet's DbvtAabbMm.Proximity: |(a.mi + a.mx) - (b.mi + b.mx)| summed over x, y, z, in this order. */
    private static float proximity(DbvtAabbMm a, DbvtAabbMm b) {
        Vector3f ami = a.Mins();
        Vector3f amx = a.Maxs();
        Vector3f bmi = b.Mins();
        Vector3f bmx = b.Maxs();
        float x = (ami.x + amx.x) - (bmi.x + bmx.x);
        float y = (ami.y + amx.y) - (bmi.y + bmx.y);
        float z = (ami.z + amx.z) - (bmi.z + bmx.z);
        return Math.abs(x) + Math.abs(y) + Math.abs(z);
    }
}
