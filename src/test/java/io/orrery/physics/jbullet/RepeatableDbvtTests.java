package io.orrery.physics.jbullet;

import static io.orrery.physics.jbullet.StacklessDbvtTests.box;
import static io.orrery.physics.jbullet.StacklessDbvtTests.depth;
import static io.orrery.physics.jbullet.StacklessDbvtTests.describe;
import static org.assertj.core.api.Assertions.assertThat;

import com.bulletphysics.collision.broadphase.Dbvt;
import com.bulletphysics.collision.broadphase.DbvtAabbMm;
import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A building that repeats the recorded one gets the recorded tree without walking it; one that differs anywhere, or
 * does anything else to the tree, gets JBullet's own tree for what it did. Either way the tree is JBullet's, to the
 * bit: each case is compared with JBullet's Dbvt doing the same operations.
 */
class RepeatableDbvtTests {

    /** Boxes on a 50 × 50 grid, as a world file lists them, each inserted and then updated once (as bodies are). */
    private static final int BODIES = 2500;

    @Test
    void aRepeatedBuildingGetsTheRecordedTreeWithoutItsWalks() {
        DbvtTemplate template = recorded();
        Building jbullet = new Building(new Dbvt());
        jbullet.build(-1);

        RepeatableDbvt repeat = dynamicSet(template);
        Building building = new Building(repeat);
        building.build(-1);
        assertThat(repeat.root)
                .as("the leaves wait outside the tree until the world is built")
                .isNull();
        assertThat(repeat.built()).as("the template, kept for the next reset").isSameAs(template);

        building.assertSameAs(jbullet);
        // and it goes on as JBullet's: bodies moving, some leaving and others coming
        Random random = new Random(26);
        for (int i = 0; i < BODIES; i += 7) {
            DbvtAabbMm box = box(random.nextFloat() * 75, random.nextFloat() * 75, 1, 0.5f);
            jbullet.tree.update(jbullet.leaves.get(i), new DbvtAabbMm(box));
            building.tree.update(building.leaves.get(i), new DbvtAabbMm(box));
        }
        for (int i = 0; i < BODIES; i += 11) {
            jbullet.tree.remove(jbullet.leaves.get(i));
            building.tree.remove(building.leaves.get(i));
            DbvtAabbMm box = box(random.nextFloat() * 75, random.nextFloat() * 75, 0, 0.5f);
            jbullet.leaves.set(i, jbullet.tree.insert(box, -i));
            building.leaves.set(i, building.tree.insert(box, -i));
        }
        building.assertSameAs(jbullet);
    }

    @Test
    void aBuildingThatDiffersGetsJBulletsTreeForWhatItDid() {
        DbvtTemplate template = recorded();
        for (int differsAt : new int[] {0, 1, 1234, 2 * BODIES - 1}) {
            Building jbullet = new Building(new Dbvt());
            jbullet.build(differsAt);
            RepeatableDbvt repeat = dynamicSet(template);
            Building building = new Building(repeat);
            building.build(differsAt);
            assertThat(repeat.built())
                    .as("a template left is not kept: the next building records")
                    .isNull();
            assertThat(repeat.repeated()).isFalse();
            assertThat(repeat.leftAt()).isEqualTo(differsAt);
            building.assertSameAs(jbullet);
        }
    }

    @Test
    void aBuildingCutShortOrInterruptedGetsJBulletsTree() {
        DbvtTemplate template = recorded();
        // fewer bodies than the load had
        Building jbullet = new Building(new Dbvt());
        jbullet.build(-1, BODIES - 3);
        RepeatableDbvt repeat = dynamicSet(template);
        Building building = new Building(repeat);
        building.build(-1, BODIES - 3);
        repeat.built();
        building.assertSameAs(jbullet);

        // a removal half-way through
        jbullet = new Building(new Dbvt());
        building = new Building(repeat = dynamicSet(template));
        jbullet.build(-1, BODIES / 2);
        building.build(-1, BODIES / 2);
        jbullet.tree.remove(jbullet.leaves.get(5));
        building.tree.remove(building.leaves.get(5));
        repeat.built();
        jbullet.leaves.remove(5);
        building.leaves.remove(5);
        building.assertSameAs(jbullet);
    }

    @Test
    void aRecordingInterruptedByAnotherOperationIsNotKept() {
        RepeatableDbvt recording = dynamicSet(null);
        Building building = new Building(recording);
        building.build(-1, 10);
        recording.remove(building.leaves.get(3));
        assertThat(recording.built()).isNull();
    }

    private static DbvtTemplate recorded() {
        RepeatableDbvt recording = dynamicSet(null);
        new Building(recording).build(-1);
        DbvtTemplate template = recording.built();
        assertThat(template.size()).isEqualTo(2 * BODIES);
        return template;
    }

    private static RepeatableDbvt dynamicSet(DbvtTemplate template) {
        return (RepeatableDbvt) RepeatableDbvt.install(new DbvtBroadphase(), template).sets[0];
    }

    /** A world's bodies added to a tree: each inserted, then its box grown by a margin, as JBullet adds a body. */
    private static final class Building {
        final Dbvt tree;
        final List<Dbvt.Node> leaves = new ArrayList<>();

        Building(Dbvt tree) {
            this.tree = tree;
        }

        /** All the bodies; the operation numbered {@code differsAt} has another box (none when -1). */
        void build(int differsAt) {
            build(differsAt, BODIES);
        }

        void build(int differsAt, int bodies) {
            int op = 0;
            for (int i = 0; i < bodies; i++) {
                float x = 1.5f * (i % 50);
                float y = 1.5f * (i / 50);
                leaves.add(tree.insert(box(x, y, op++ == differsAt ? 0.25f : 0.5f, 0.5f), i));
                tree.update(leaves.get(i), box(x, y, 0.5f, op++ == differsAt ? 0.6f : 0.54f));
            }
        }

        void assertSameAs(Building jbullet) {
            assertThat(tree.leaves).isEqualTo(jbullet.tree.leaves);
            assertThat(describe(tree.root, leaves)).isEqualTo(describe(jbullet.tree.root, jbullet.leaves));
            assertThat(depth(tree.root))
                    .as("a tree deep enough to take the walks")
                    .isGreaterThan(20);
        }
    }
}
