package io.orrery.physics.jbullet;

import com.bulletphysics.collision.broadphase.Dbvt;
import com.bulletphysics.collision.broadphase.DbvtAabbMm;
import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import java.util.ArrayList;
import java.util.List;

/**
 * The broadphase's dynamic tree while a world is built: the first building (the load) is recorded into a
 * {@link DbvtTemplate}; a later one (a reset) is checked against it operation by operation and, when it did exactly the
 * same, gets the recorded tree at {@link #built()} without walking it again. Until then the leaves wait outside the
 * tree, their boxes kept up to date (all that JBullet's broadphase reads of them while bodies are added). At the first
 * operation that differs, and at any operation other than an insertion or a box update, the operations so far are done
 * for real, in order, and the tree is JBullet's from there on: the same tree as without a template, in either case.
 * After {@link #built()} it is a plain {@link StacklessDbvt}.
 */
final class RepeatableDbvt extends StacklessDbvt {

    private DbvtTemplate.Recorder recorder;
    private DbvtTemplate template;
    /** While repeating: how many of the template's operations this building has matched. */
    private int matched;
    /** While repeating: the leaves inserted so far, in order, not yet linked into the tree. */
    private final List<Node> waiting = new ArrayList<>();
    /** True once {@link #built()} has given the tree the template's. */
    private boolean repeated;
    /** The operation at which the building left its template, or -1. */
    private int leftAt = -1;

    private RepeatableDbvt(DbvtTemplate template) {
        this.template = template;
        this.recorder = template == null ? new DbvtTemplate.Recorder() : null;
    }

    /**
     * Puts stackless trees in a new broadphase, before any proxy: a dynamic set that records its building (no
     * {@code template}) or repeats {@code template}, and a fixed set.
     */
    static DbvtBroadphase install(DbvtBroadphase broadphase, DbvtTemplate template) {
        broadphase.sets[0] = new RepeatableDbvt(template);
        broadphase.sets[1] = new StacklessDbvt();
        return broadphase;
    }

    /**
     * The world is built: a repeated building gets its tree. Returns the template for the next building: the one
     * recorded, or the one repeated; null when there is none to keep (a recording cut short by another operation, or a
     * building that left its template), and the next building records afresh.
     */
    DbvtTemplate built() {
        if (recorder != null) {
            DbvtTemplate recorded = recorder.finish(this);
            recorder = null;
            return recorded;
        }
        DbvtTemplate kept = template;
        if (template != null) {
            if (matched == template.size()) {
                template.build(this, waiting);
                template = null;
                waiting.clear();
                repeated = true;
            } else {
                doWaiting();
            }
        }
        return kept;
    }

    @Override
    public Node insert(DbvtAabbMm volume, Object data) {
        if (template != null) {
            if (template.isInsert(matched, volume)) {
                Node leaf = leaf(volume, data);
                waiting.add(leaf);
                leaves++;
                matched++;
                return leaf;
            }
            doWaiting();
        }
        Node leaf = super.insert(volume, data);
        if (recorder != null) {
            recorder.inserted(leaf);
        }
        return leaf;
    }

    @Override
    public void update(Node leaf, DbvtAabbMm volume) {
        if (template != null) {
            if (template.isUpdate(matched, waiting, leaf, volume)) {
                leaf.volume.set(volume);
                matched++;
                return;
            }
            doWaiting();
        }
        if (recorder != null) {
            recorder.updated(leaf, volume);
        }
        super.update(leaf, volume);
    }

    /** True when {@link #built()} gave this tree the template's without a walk. */
    boolean repeated() {
        return repeated;
    }

    /** The number of the operation at which the building left the template, or -1 when it has not. */
    int leftAt() {
        return leftAt;
    }

    // Any other operation: the tree is made real first, and a recording ends (it would not repeat).

    @Override
    public void update(Node leaf) {
        leaveTemplate();
        super.update(leaf);
    }

    @Override
    public void update(Node leaf, int lookahead) {
        leaveTemplate();
        super.update(leaf, lookahead);
    }

    @Override
    public void remove(Node leaf) {
        leaveTemplate();
        super.remove(leaf);
    }

    @Override
    public void clear() {
        leaveTemplate();
        super.clear();
    }

    @Override
    public boolean empty() {
        leaveTemplate();
        return super.empty();
    }

    @Override
    public void optimizeBottomUp() {
        leaveTemplate();
        super.optimizeBottomUp();
    }

    @Override
    public void optimizeTopDown() {
        leaveTemplate();
        super.optimizeTopDown();
    }

    @Override
    public void optimizeTopDown(int buSize) {
        leaveTemplate();
        super.optimizeTopDown(buSize);
    }

    @Override
    public void optimizeIncremental(int passes) {
        leaveTemplate();
        super.optimizeIncremental(passes);
    }

    @Override
    public void write(IWriter writer) {
        leaveTemplate();
        super.write(writer);
    }

    @Override
    public void clone(Dbvt dest) {
        leaveTemplate();
        super.clone(dest);
    }

    @Override
    public void clone(Dbvt dest, IClone iclone) {
        leaveTemplate();
        super.clone(dest, iclone);
    }

    private void leaveTemplate() {
        recorder = null;
        if (template != null) {
            doWaiting();
        }
    }

    /** The matched operations done for real, in order; the tree is JBullet's from here on. */
    private void doWaiting() {
        DbvtTemplate repeating = template;
        template = null;
        leftAt = matched;
        repeating.replay(matched, waiting, new DbvtTemplate.Replay() {
            @Override
            public void insert(Node leaf) {
                link(leaf);
            }

            @Override
            public void update(Node leaf, DbvtAabbMm box) {
                move(leaf, box);
            }
        });
        waiting.clear();
    }
}
