package io.orrery.physics.rigid;

import io.orrery.physics.ModelState;
import io.orrery.physics.StateVisitor;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every model's state as last read, in load order. With an engine that reports which bodies moved, woke or fell
 * asleep ({@link Link#changed()}), a model's state is read again only after it changed, so reading the world after a
 * step costs what moved, not what exists: 3,000 sleeping links cost nothing but the list of their states. With one
 * that does not, every read reads every model. Runner thread only, like the world.
 *
 * @param <L> the engine's link type
 * @param <J> the engine's joint type
 */
final class ModelStates<L extends Link, J extends Joint<L>> {

    private final boolean reportsMotion;
    private final List<Model<L, J>> order = new ArrayList<>();
    /** The models whose state must be read again, each once (see {@link Model#changed()}). */
    private final ArrayDeque<Model<L, J>> changed = new ArrayDeque<>();
    /** Each model's state by its slot; longer than {@link #order} once grown (doubled, so a load of n is O(n)). */
    private ModelState[] states = new ModelState[0];
    /** Every model's state as one immutable list; null once a state in it is stale. */
    private List<ModelState> all;

    /**
     * Each world's versions start 2^44 past the last world's, so that no two states of any model in the JVM share one:
     * 2^44 changes a world (two months of 3,000 moving bodies at 1 kHz), 2^19 worlds a JVM.
     */
    private static final AtomicLong WORLDS = new AtomicLong();

    private long version = WORLDS.getAndIncrement() << 44;

    /**
     * @param reportsMotion true when the engine calls {@link Link#changed()} for every body that moved, woke or fell
     *     asleep in a step
     */
    ModelStates(boolean reportsMotion) {
        this.reportsMotion = reportsMotion;
    }

    /** A new model, last in load order. */
    void add(Model<L, J> model) {
        model.track(order.size(), this);
        order.add(model);
        if (order.size() > states.length) {
            states = Arrays.copyOf(states, Math.max(16, 2 * states.length));
        }
        model.changed();
    }

    /** A model gone: the others keep their order. */
    void remove(Model<L, J> model) {
        order.remove(model);
        changed.remove(model);
        model.taken();
        model.track(-1, null);
        states = new ModelState[order.size()];
        for (int i = 0; i < order.size(); i++) {
            Model<L, J> m = order.get(i);
            m.track(i, this);
            states[i] = m.cachedState();
        }
        all = null;
    }

    void clear() {
        for (Model<L, J> m : order) {
            m.track(-1, null);
        }
        order.clear();
        for (Model<L, J> m : changed) {
            m.taken();
        }
        changed.clear();
        states = new ModelState[0];
        all = null;
    }

    /** Called once by a model whose cached state has been dropped, until {@link #all()} takes it. */
    void changed(Model<L, J> model) {
        changed.add(model);
        all = null;
    }

    /** The model's state now. */
    ModelState of(Model<L, J> model) {
        ModelState state = reportsMotion ? model.cachedState() : null;
        if (state == null) {
            state = model.readState();
            states[model.slot()] = state;
            all = null;
        }
        return state;
    }

    /** Hands every model's state, read from the engine now, to {@code visitor}, in load order. */
    void visit(StateVisitor visitor) {
        for (Model<L, J> m : order) {
            m.visit(visitor, reportsMotion);
        }
    }

    /** A version no model's state had before (runner thread only, like the world). */
    long nextVersion() {
        return ++version;
    }

    /** Every model's state now, in load order. */
    List<ModelState> all() {
        if (!reportsMotion) {
            for (Model<L, J> m : order) {
                of(m);
            }
        }
        for (Model<L, J> m = changed.poll(); m != null; m = changed.poll()) {
            m.taken();
            of(m);
        }
        if (all == null) {
            all = List.of(states.length == order.size() ? states : Arrays.copyOf(states, order.size()));
        }
        return all;
    }
}
