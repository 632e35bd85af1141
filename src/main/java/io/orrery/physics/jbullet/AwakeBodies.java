package io.orrery.physics.jbullet;

import java.util.Arrays;
import java.util.BitSet;
import java.util.function.Consumer;

/**
 * The bodies of one dynamics world that a per-body pass of JBullet's step can affect: those not asleep, and until the
 * end of the next step those that fell asleep or were touched asleep (a velocity set or a force applied, which
 * JBullet zeroes at a step's end). Kept in the order the bodies were added, which is the order of JBullet's own
 * collision object array (a removal keeps the others' order, a body added again goes last), so a pass over them
 * visits them as JBullet's loop over every object would, and skips only bodies whose visit would change nothing.
 * Runner thread only.
 */
final class AwakeBodies {

    private final BitSet marked = new BitSet();
    /** Sleeping bodies touched since the last step's end: marked until then. */
    private final BitSet touched = new BitSet();

    private MovingBody[] bySeq = new MovingBody[64];
    private int nextSeq;
    private int live;

    /** A body joins the world, last in its order. */
    void added(MovingBody body) {
        if (nextSeq == bySeq.length) {
            if (live * 2 < nextSeq) {
                compact();
            }
            if (nextSeq == bySeq.length) {
                bySeq = Arrays.copyOf(bySeq, bySeq.length * 2);
            }
        }
        int seq = nextSeq++;
        bySeq[seq] = body;
        body.joined(this, seq);
        live++;
        update(body);
    }

    /** A body leaves the world. */
    void removed(MovingBody body) {
        int seq = body.seq();
        if (seq >= 0 && bySeq[seq] == body) {
            bySeq[seq] = null;
            marked.clear(seq);
            touched.clear(seq);
            live--;
        }
        body.joined(null, -1);
    }

    /**
     * The body's activation changed. One that fell asleep stays marked until the step ends: JBullet's remaining passes
     * of the step still change it (its velocity is zeroed at the end of the step it fell asleep in).
     */
    void update(MovingBody body) {
        int seq = body.seq();
        if (body.getActivationState() == MovingBody.ISLAND_SLEEPING) {
            touched.set(seq);
        }
        marked.set(seq);
    }

    /** The body's velocity or forces were changed while it sleeps: visited until the step's end. */
    void touch(MovingBody body) {
        int seq = body.seq();
        touched.set(seq);
        marked.set(seq);
    }

    /** The step has ended (its forces cleared): the touched bodies that sleep now are no longer visited. */
    void stepEnded() {
        for (int seq = touched.nextSetBit(0); seq >= 0; seq = touched.nextSetBit(seq + 1)) {
            MovingBody body = bySeq[seq];
            if (body != null && body.getActivationState() == MovingBody.ISLAND_SLEEPING) {
                marked.clear(seq);
            }
        }
        touched.clear();
    }

    /** Calls {@code pass} for each marked body in JBullet's order; a body marked meanwhile further on is visited. */
    void forEach(Consumer<MovingBody> pass) {
        for (int seq = marked.nextSetBit(0); seq >= 0; seq = marked.nextSetBit(seq + 1)) {
            pass.accept(bySeq[seq]);
        }
    }

    /** How many bodies are marked now (for tests and benchmarks). */
    int count() {
        return marked.cardinality();
    }

    /** Numbers the live bodies again from 0 in the same order, once removals have left more gaps than bodies. */
    private void compact() {
        BitSet wasMarked = (BitSet) marked.clone();
        BitSet wasTouched = (BitSet) touched.clone();
        marked.clear();
        touched.clear();
        int seq = 0;
        for (int old = 0; old < nextSeq; old++) {
            MovingBody body = bySeq[old];
            bySeq[old] = null;
            if (body == null) {
                continue;
            }
            bySeq[seq] = body;
            body.joined(this, seq);
            marked.set(seq, wasMarked.get(old));
            touched.set(seq, wasTouched.get(old));
            seq++;
        }
        nextSeq = seq;
    }
}
