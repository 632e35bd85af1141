package io.orrery.lifecycle;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.StateMachineEventResult;
import org.springframework.statemachine.StateMachineEventResult.ResultType;
import org.springframework.statemachine.config.StateMachineBuilder;
import org.springframework.statemachine.config.configurers.ExternalTransitionConfigurer;
import reactor.core.publisher.Mono;

/**
 * {@link SimulationMachine} on Spring Statemachine, built from {@link SimTransitions} without a Spring context.
 * Events go through the reactive {@code sendEventCollect}, blocked on the owner thread, because it is the
 * non-deprecated call that reports whether the event was accepted.
 */
final class SpringSimulationMachine implements SimulationMachine {

    private final StateMachine<SimState, SimEvent> machine;
    private final AtomicReference<Thread> owner = new AtomicReference<>();
    private final List<TransitionListener> listeners = new CopyOnWriteArrayList<>();
    // Mirrors the library's state so other threads read a value published by the owner thread.
    private volatile SimState current;

    SpringSimulationMachine() {
        this.machine = build();
        machine.startReactively().block();
        this.current = machine.getState().getId();
        if (current != SimState.CONNECT) {
            throw new IllegalStateException("the lifecycle machine started in " + current + ", not CONNECT");
        }
    }

    @Override
    public SimState state() {
        return current;
    }

    @Override
    public void fire(SimEvent event) {
        Objects.requireNonNull(event, "event");
        claimOrCheckOwner();
        SimState from = current;
        List<StateMachineEventResult<SimState, SimEvent>> results = machine.sendEventCollect(
                        Mono.just(MessageBuilder.withPayload(event).build()))
                .block();
        boolean accepted = results != null && results.stream().anyMatch(r -> r.getResultType() == ResultType.ACCEPTED);
        boolean inTable = SimTransitions.allowed(from).contains(event);
        if (!accepted && !inTable) {
            throw new TransitionRefusedException(event, from, SimTransitions.allowed(from));
        }
        SimState to = machine.getState().getId();
        if (!accepted || !inTable || to != event.target() || machine.hasStateMachineError()) {
            // The table and the library disagree: a bug here, not a user error. Report where the library is.
            current = to;
            throw new IllegalStateException("lifecycle machine " + (accepted ? "accepted " : "denied ")
                    + event.displayName() + " in " + from + " and is now in " + to
                    + (machine.hasStateMachineError() ? " with an error" : ""));
        }
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
            throw new IllegalStateException("the lifecycle machine is owned by thread '"
                    + owner.get().getName() + "'; only that thread can hand it to '" + newOwner.getName() + "'");
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
        if (owner.compareAndSet(null, caller)) {
            return;
        }
        Thread o = owner.get();
        if (o != caller) {
            throw new IllegalStateException("the lifecycle machine is driven by thread '" + o.getName()
                    + "' only; thread '" + caller.getName() + "' may not fire events");
        }
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

    private static StateMachine<SimState, SimEvent> build() {
        try {
            StateMachineBuilder.Builder<SimState, SimEvent> builder = StateMachineBuilder.builder();
            builder.configureConfiguration()
                    .withConfiguration()
                    .machineId("orrery-simulation")
                    .autoStartup(false);
            builder.configureStates().withStates().initial(SimState.CONNECT).states(EnumSet.allOf(SimState.class));
            var transitions = builder.configureTransitions();
            for (SimTransition t : SimTransitions.ALL) {
                ExternalTransitionConfigurer<SimState, SimEvent> edge = transitions.withExternal();
                edge.source(t.from()).target(t.to()).event(t.event());
            }
            return builder.build();
        } catch (Exception e) {
            throw new IllegalStateException("cannot build the lifecycle state machine", e);
        }
    }
}
