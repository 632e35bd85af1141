package io.orrery.physics.jbullet;

import static org.assertj.core.api.Assertions.assertThat;

import com.bulletphysics.collision.broadphase.Dbvt;
import com.bulletphysics.collision.broadphase.DbvtAabbMm;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.vecmath.Vector3f;
import org.junit.jupiter.api.Test;

/** StacklessDbvt builds JBullet's tree exactly: the same shape, the same boxes to the bit, the same free node. */
class StacklessDbvtTests {

    @Test
    void buildsJBulletsTreeExactly() {
        Dbvt jbullet = new Dbvt();
        Dbvt stackless = new StacklessDbvt();
        List<Dbvt.Node> a = new ArrayList<>();
        List<Dbvt.Node> b = new ArrayList<>();
        Random random = new Random(26);
        // a grid of boxes in the order a world file lists them (JBullet's worst case), then each moved once
        for (int i = 0; i < 2500; i++) {
            DbvtAabbMm box = box(1.5f * (i % 50), 1.5f * (i / 50), 0.5f, 0.5f);
            a.add(jbullet.insert(box, i));
            b.add(stackless.insert(box, i));
        }
        assertSame(jbullet, stackless, a, b);
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < a.size(); i++) {
                DbvtAabbMm box = box(
                        random.nextFloat() * 75,
                        random.nextFloat() * 75,
                        random.nextFloat() * 3,
                        0.1f + random.nextFloat());
                jbullet.update(a.get(i), new DbvtAabbMm(box));
                stackless.update(b.get(i), new DbvtAabbMm(box));
            }
            // the look-ahead path too: from an ancestor of the removed leaf's parent, not from the root
            jbullet.lkhd = round;
            stackless.lkhd = round;
            assertSame(jbullet, stackless, a, b);
        }
        for (int i = 0; i < a.size(); i += 3) {
            jbullet.remove(a.get(i));
            stackless.remove(b.get(i));
            DbvtAabbMm box = box(random.nextFloat() * 75, random.nextFloat() * 75, 0, 0.5f);
            a.set(i, jbullet.insert(box, -i));
            b.set(i, stackless.insert(box, -i));
        }
        assertSame(jbullet, stackless, a, b);
    }

    static DbvtAabbMm box(float x, float y, float z, float half) {
        return DbvtAabbMm.FromMM(
                new Vector3f(x - half, y - half, z - half),
                new Vector3f(x + half, y + half, z + half),
                new DbvtAabbMm());
    }

    private static void assertSame(Dbvt jbullet, Dbvt stackless, List<Dbvt.Node> a, List<Dbvt.Node> b) {
        assertThat(stackless.leaves).isEqualTo(jbullet.leaves);
        assertThat(describe(stackless.root, b)).isEqualTo(describe(jbullet.root, a));
        assertThat(stackless.free == null).isEqualTo(jbullet.free == null);
        assertThat(depth(jbullet.root))
                .as("a tree deep enough to take the walks")
                .isGreaterThan(20);
    }

    /** The tree as text: each node's box (floats' bits) and, for a leaf, its index in the insertion order. */
    static String describe(Dbvt.Node node, List<Dbvt.Node> leaves) {
        if (node == null) {
            return "-";
        }
        String box = bits(node.volume.Mins()) + bits(node.volume.Maxs());
        if (node.isleaf()) {
            return "L" + leaves.indexOf(node) + box + node.data;
        }
        return "(" + box + describe(node.childs[0], leaves) + "," + describe(node.childs[1], leaves) + ")";
    }

    private static String bits(Vector3f v) {
        return Integer.toHexString(Float.floatToRawIntBits(v.x)) + ":"
                + Integer.toHexString(Float.floatToRawIntBits(v.y)) + ":"
                + Integer.toHexString(Float.floatToRawIntBits(v.z)) + ";";
    }

    static int depth(Dbvt.Node node) {
        return node == null || node.isleaf() ? 0 : 1 + Math.max(depth(node.childs[0]), depth(node.childs[1]));
    }
}
