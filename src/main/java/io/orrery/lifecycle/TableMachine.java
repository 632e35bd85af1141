package io.orrery.lifecycle;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link SimulationMachine} read straight off {@link SimTransitions}: an event is allowed where the table has its
 * edge, and leads to its target. A transition is a table look-up and a field write, so a controller's step batch
 * (six transitions over HTTP) costs the runner well under a microsecond for them; Spring Statemachine's reactive
 * {@code sendEventCollect} took 28 µs of CPU for each (measured on this machine, issue 26).
 */
final class TableMachine implements SimulationMachine {

    private final AtomicReference<Thread> owner = new AtomicReference<>();
    private final List<TransitionListener> listeners = new CopyOnWriteArrayList<>();
    // Written by the owner thread only; volatile so other threads read what it published.
    private volatile SimState current = SimState.CONNECT;

    @Override
    public SimState state() {
        return current;
    }

    @Override
    public void fire(SimEvent event) {
        Objects.requireNonNull(event, "event");
        claimOrCheckOwner();
        SimState from = current;
        if (!SimTransitions.allowed(from).contains(event)) {
            throw new TransitionRefusedException(event, from, SimTransitions.allowed(from));
        }
        SimState to = event.target();
        current = to;
        notifyListeners(from, to, event);
    }

    @Override
    public void bindTo(Thread newOwner) {
        Objects.requireNonNull(newOwner, "owner");
        Thread caller = Thread.currentThread();
        Thread old = owner.get();
        // Only an unowned machine can be claimed, and only the owner can hand it over.
        if ((old != null && old != caller) || !owner.compareAndSet(old, newOwner)) {
            throw new IllegalStateException("the lifecycle machine is owned by thread '" + owner.get().getName()
                    + "'; only that thread can hand it to '" + newOwner.getName() + "'");
        }
    }

    @Override
    public Optional<Thread> owner() {
        return Optional.ofNullable(owner.get());
    }

    @Override
    public void addListener(TransitionListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    private void claimOrCheckOwner() {
        Thread caller = Thread.currentThread();
        Thread o = owner.get();
        if (o == caller || owner.compareAndSet(null, caller)) {
            return;
        }
        o = owner.get();
        throw new IllegalStateException("the lifecycle machine is driven by thread '" + o.getName()
                + "' only; thread '" + caller.getName() + "' may not fire events");
    }

    private void notifyListeners(SimState from, SimState to, SimEvent event) {
        RuntimeException first = null;
        for (TransitionListener l : listeners) {
            try {
                l.onTransition(from, to, event);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
