package io.orrery.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SimulationMachineTests {

    /** Cloe's diagram, written out independently of the production table. */
    private static final List<SimTransition> DIAGRAM = List.of(
            new SimTransition(SimState.CONNECT, SimEvent.START),
            new SimTransition(SimState.START, SimEvent.STEP_BEGIN),
            new SimTransition(SimState.STEP_BEGIN, SimEvent.STEP_SIMULATOR),
            new SimTransition(SimState.STEP_SIMULATOR, SimEvent.STEP_CONTROLLER),
            new SimTransition(SimState.STEP_CONTROLLER, SimEvent.STEP_END),
            new SimTransition(SimState.STEP_END, SimEvent.STEP_BEGIN),
            new SimTransition(SimState.STEP_END, SimEvent.STOP),
            new SimTransition(SimState.STEP_END, SimEvent.PAUSE),
            new SimTransition(SimState.PAUSE, SimEvent.RESUME),
            new SimTransition(SimState.RESUME, SimEvent.STEP_BEGIN),
            new SimTransition(SimState.CONNECT, SimEvent.ABORT),
            new SimTransition(SimState.STEP_BEGIN, SimEvent.ABORT),
            new SimTransition(SimState.PAUSE, SimEvent.ABORT),
            new SimTransition(SimState.ABORT, SimEvent.STOP),
            new SimTransition(SimState.ABORT, SimEvent.DISCONNECT),
            new SimTransition(SimState.STOP, SimEvent.DISCONNECT),
            new SimTransition(SimState.STOP, SimEvent.RESET),
            new SimTransition(SimState.RESET, SimEvent.START));

    private record Seen(SimState from, SimState to, SimEvent event) {}

    /**
     * Commands are taken where the runner rests, and nowhere else: while a world loads (Connect, and Reset during a
     * reload), at StepEnd while stepping, and in Pause.
     */
    @Test
    void commandsAreAcceptedOnlyWhereTheRunnerRests() {
        assertThat(SimulationMachine.acceptedCommands(SimState.CONNECT)).containsExactly(SimCommand.STOP);
        assertThat(SimulationMachine.acceptedCommands(SimState.RESET)).containsExactly(SimCommand.STOP);
        assertThat(SimulationMachine.acceptedCommands(SimState.STEP_END))
                .containsExactly(
                        SimCommand.PAUSE,
                        SimCommand.STOP,
                        SimCommand.RESET,
                        SimCommand.RELOAD,
                        SimCommand.RUN_TO,
                        SimCommand.REAL_TIME_FACTOR,
                        SimCommand.SPAWN,
                        SimCommand.REMOVE,
                        SimCommand.TELEPORT,
                        SimCommand.SET_STATIC);
        assertThat(SimulationMachine.acceptedCommands(SimState.PAUSE))
                .containsExactly(
                        SimCommand.RESUME,
                        SimCommand.STEP,
                        SimCommand.STOP,
                        SimCommand.RESET,
                        SimCommand.RELOAD,
                        SimCommand.RUN_TO,
                        SimCommand.REAL_TIME_FACTOR,
                        SimCommand.SPAWN,
                        SimCommand.REMOVE,
                        SimCommand.TELEPORT,
                        SimCommand.SET_STATIC);
        for (SimState s : EnumSet.of(
                SimState.START,
                SimState.STEP_BEGIN,
                SimState.STEP_SIMULATOR,
                SimState.STEP_CONTROLLER,
                SimState.RESUME,
                SimState.STOP,
                SimState.ABORT,
                SimState.DISCONNECT)) {
            assertThat(SimulationMachine.acceptedCommands(s))
                    .as("commands in %s", s)
                    .isEmpty();
        }
    }

    /** A command that changes the lifecycle has a walk along the diagram's edges from every state that accepts it. */
    @Test
    void everyAcceptedLifecycleCommandHasAWalkAlongTheEdges() {
        Map<SimCommand, SimState> leadsTo = Map.of(
                SimCommand.PAUSE,
                SimState.PAUSE,
                SimCommand.RESUME,
                SimState.STEP_BEGIN,
                SimCommand.STEP,
                SimState.STEP_BEGIN,
                SimCommand.STOP,
                SimState.STOP,
                SimCommand.RESET,
                SimState.RESET,
                SimCommand.RELOAD,
                SimState.RESET);
        for (SimState s : SimState.values()) {
            for (SimCommand c : SimulationMachine.acceptedCommands(s)) {
                SimState target = leadsTo.get(c);
                if (target != null && target != s) {
                    assertThat(SimulationMachine.path(s, target))
                            .as("%s from %s", c, s)
                            .isNotEmpty()
                            .doesNotContain(SimEvent.ABORT);
                }
            }
        }
        assertThat(SimulationMachine.path(SimState.PAUSE, SimState.STOP))
                .containsExactly(
                        SimEvent.RESUME,
                        SimEvent.STEP_BEGIN,
                        SimEvent.STEP_SIMULATOR,
                        SimEvent.STEP_CONTROLLER,
                        SimEvent.STEP_END,
                        SimEvent.STOP);
        assertThatThrownBy(() -> SimulationMachine.path(SimState.DISCONNECT, SimState.PAUSE))
                .hasMessageContaining("no way from DISCONNECT to PAUSE");
    }

    @Test
    void startsInConnect() {
        SimulationMachine m = SimulationMachine.create();
        assertThat(m.state()).isEqualTo(SimState.CONNECT);
        assertThat(m.allowedEvents()).containsExactly(SimEvent.START, SimEvent.ABORT);
        assertThat(m.owner()).isEmpty();
    }

    @Test
    void productionTableIsExactlyTheDiagram() {
        assertThat(SimulationMachine.transitions()).containsExactlyInAnyOrderElementsOf(DIAGRAM);
        for (SimState s : SimState.values()) {
            assertThat(SimulationMachine.allowedEvents(s))
                    .as("allowed in %s", s)
                    .isEqualTo(expectedAllowed(s));
        }
        assertThat(SimulationMachine.allowedEvents(SimState.DISCONNECT)).isEmpty();
    }

    @Test
    void everyEdgeOfTheDiagramFires() {
        for (SimTransition edge : DIAGRAM) {
            SimulationMachine m = SimulationMachine.create();
            driveTo(m, edge.from());
            List<Seen> seen = new ArrayList<>();
            m.addListener((from, to, event) -> seen.add(new Seen(from, to, event)));

            m.fire(edge.event());

            assertThat(m.state()).as("after %s", edge).isEqualTo(edge.to());
            assertThat(seen)
                    .as("listener for %s", edge)
                    .containsExactly(new Seen(edge.from(), edge.to(), edge.event()));
        }
    }

    @Test
    void aWholeRunWalksTheCycleSeveralTimes() {
        SimulationMachine m = SimulationMachine.create();
        List<SimState> visited = new ArrayList<>();
        m.addListener((from, to, event) -> visited.add(to));
        List<SimEvent> run = List.of(
                SimEvent.START,
                SimEvent.STEP_BEGIN,
                SimEvent.STEP_SIMULATOR,
                SimEvent.STEP_CONTROLLER,
                SimEvent.STEP_END,
                SimEvent.STEP_BEGIN,
                SimEvent.STEP_SIMULATOR,
                SimEvent.STEP_CONTROLLER,
                SimEvent.STEP_END,
                SimEvent.PAUSE,
                SimEvent.RESUME,
                SimEvent.STEP_BEGIN,
                SimEvent.STEP_SIMULATOR,
                SimEvent.STEP_CONTROLLER,
                SimEvent.STEP_END,
                SimEvent.STOP,
                SimEvent.RESET,
                SimEvent.START,
                SimEvent.STEP_BEGIN,
                SimEvent.ABORT,
                SimEvent.STOP,
                SimEvent.DISCONNECT);

        run.forEach(m::fire);

        assertThat(visited)
                .containsExactlyElementsOf(run.stream().map(SimEvent::target).toList());
        assertThat(m.state()).isEqualTo(SimState.DISCONNECT);
        assertThat(m.allowedEvents()).isEmpty();
    }

    @Test
    void everyForbiddenPairIsRefusedAndLeavesTheStateAlone() {
        int refused = 0;
        for (SimState state : SimState.values()) {
            SimulationMachine m = SimulationMachine.create();
            driveTo(m, state);
            List<Seen> seen = new ArrayList<>();
            m.addListener((from, to, event) -> seen.add(new Seen(from, to, event)));
            Set<SimEvent> allowed = expectedAllowed(state);
            String allowedText = allowed.isEmpty()
                    ? "none"
                    : allowed.stream().map(e -> e.name().toLowerCase()).collect(Collectors.joining(", "));

            List<SimEvent> forbidden = List.of(SimEvent.values()).stream()
                    .filter(e -> !allowed.contains(e))
                    .toList();
            for (SimEvent event : forbidden) {
                assertThatThrownBy(() -> m.fire(event))
                        .as("%s in %s", event, state)
                        .isInstanceOfSatisfying(TransitionRefusedException.class, e -> {
                            assertThat(e.state()).isEqualTo(state);
                            assertThat(e.event()).isEqualTo(event);
                            assertThat(e.allowed()).isEqualTo(allowed);
                        })
                        .hasMessage("cannot " + event.name().toLowerCase() + " in state " + state + "; allowed: "
                                + allowedText);
                assertThat(m.state()).isEqualTo(state);
                refused++;
            }
            assertThat(seen)
                    .as("no listener call for refused events in %s", state)
                    .isEmpty();
            // The machine still works after the refusals.
            for (SimEvent ok : allowed) {
                m.fire(ok);
                assertThat(m.state()).isEqualTo(ok.target());
                break;
            }
        }
        assertThat(refused).isEqualTo(SimState.values().length * SimEvent.values().length - DIAGRAM.size());
    }

    @Test
    void refusalMessageNamesStateAndAllowedEvents() {
        SimulationMachine m = SimulationMachine.create();
        assertThatThrownBy(() -> m.fire(SimEvent.PAUSE))
                .hasMessage("cannot pause in state CONNECT; allowed: start, abort");
        m.fire(SimEvent.ABORT);
        m.fire(SimEvent.DISCONNECT);
        assertThatThrownBy(() -> m.fire(SimEvent.START)).hasMessage("cannot start in state DISCONNECT; allowed: none");
    }

    @Test
    void listenersRunInTheOrderTheyWereAdded() {
        SimulationMachine m = SimulationMachine.create();
        List<String> calls = new ArrayList<>();
        m.addListener((from, to, event) -> calls.add("first " + from + ">" + to + " " + event));
        m.addListener((from, to, event) -> calls.add("second " + from + ">" + to + " " + event));
        m.addListener((from, to, event) -> calls.add("third sees " + m.state()));

        m.fire(SimEvent.START);
        m.fire(SimEvent.STEP_BEGIN);

        assertThat(calls)
                .containsExactly(
                        "first CONNECT>START START",
                        "second CONNECT>START START",
                        "third sees START",
                        "first START>STEP_BEGIN STEP_BEGIN",
                        "second START>STEP_BEGIN STEP_BEGIN",
                        "third sees STEP_BEGIN");
    }

    @Test
    void aThrowingListenerDoesNotStopTheOthersAndTheTransitionStands() {
        SimulationMachine m = SimulationMachine.create();
        List<String> calls = new ArrayList<>();
        m.addListener((from, to, event) -> {
            throw new IllegalArgumentException("first broke");
        });
        m.addListener((from, to, event) -> calls.add("second"));
        m.addListener((from, to, event) -> {
            throw new IllegalStateException("third broke");
        });

        assertThatThrownBy(() -> m.fire(SimEvent.START))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("first broke")
                .satisfies(e -> assertThat(e.getSuppressed())
                        .extracting(Throwable::getMessage)
                        .containsExactly("third broke"));
        assertThat(calls).containsExactly("second");
        assertThat(m.state()).isEqualTo(SimState.START);
    }

    @Test
    void aSecondThreadFiringIsRefused() throws InterruptedException {
        SimulationMachine m = SimulationMachine.create();
        m.fire(SimEvent.START);
        assertThat(m.owner()).contains(Thread.currentThread());

        Throwable thrown = inOtherThread("intruder", () -> m.fire(SimEvent.STEP_BEGIN));

        assertThat(thrown)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'" + Thread.currentThread().getName() + "'")
                .hasMessageContaining("'intruder' may not fire");
        assertThat(m.state()).isEqualTo(SimState.START);
        m.fire(SimEvent.STEP_BEGIN);
        assertThat(m.state()).isEqualTo(SimState.STEP_BEGIN);
    }

    @Test
    void theFirstThreadToFireBecomesTheOwner() throws InterruptedException {
        SimulationMachine m = SimulationMachine.create();
        Throwable thrown = inOtherThread("runner", () -> m.fire(SimEvent.START));
        assertThat(thrown).isNull();
        assertThat(m.owner()).map(Thread::getName).contains("runner");

        assertThatThrownBy(() -> m.fire(SimEvent.STEP_BEGIN)).isInstanceOf(IllegalStateException.class);
        assertThat(m.state()).isEqualTo(SimState.START);
        // Reading from another thread is fine.
        assertThat(m.allowedEvents()).containsExactly(SimEvent.STEP_BEGIN);
    }

    @Test
    void anOwnerCanBeBoundExplicitlyAndHandedOver() throws InterruptedException {
        SimulationMachine m = SimulationMachine.create();
        Thread runner = new Thread(() -> {}, "runner");
        m.bindTo(runner);
        assertThat(m.owner()).contains(runner);

        assertThatThrownBy(() -> m.fire(SimEvent.START))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'runner' only");
        assertThatThrownBy(() -> m.bindTo(Thread.currentThread()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("owned by thread 'runner'");
        assertThat(m.state()).isEqualTo(SimState.CONNECT);

        // A runner thread claims a fresh machine by firing, then hands it to the test thread.
        SimulationMachine m2 = SimulationMachine.create();
        Thread me = Thread.currentThread();
        Throwable thrown = inOtherThread("runner", () -> {
            m2.fire(SimEvent.START);
            m2.bindTo(me);
        });
        assertThat(thrown).isNull();
        assertThat(m2.owner()).contains(me);
        m2.fire(SimEvent.STEP_BEGIN);
        assertThat(m2.state()).isEqualTo(SimState.STEP_BEGIN);
    }

    @Test
    void outcomesCarryCloeExitCodesAndJsonNames() {
        assertThat(Outcome.SUCCESS.exitCode()).isZero();
        assertThat(Outcome.NO_START.exitCode()).isEqualTo(4);
        assertThat(Outcome.STOPPED.exitCode()).isEqualTo(8);
        assertThat(Outcome.FAILURE.exitCode()).isEqualTo(9);
        assertThat(Outcome.ABORTED.exitCode()).isEqualTo(16);
        assertThat(List.of(Outcome.values()))
                .extracting(Outcome::jsonName)
                .containsExactly("success", "no-start", "stopped", "failure", "aborted");
        assertThat(Outcome.fromJsonName("no-start")).isEqualTo(Outcome.NO_START);
        assertThatThrownBy(() -> Outcome.fromJsonName("NO_START"))
                .hasMessage("unknown outcome 'NO_START'; expected one of success, no-start, stopped, failure, aborted");
    }

    // --- helpers

    private static Set<SimEvent> expectedAllowed(SimState state) {
        Set<SimEvent> allowed = new LinkedHashSet<>();
        DIAGRAM.stream()
                .filter(t -> t.from() == state)
                .map(SimTransition::event)
                .sorted()
                .forEach(allowed::add);
        return allowed;
    }

    /** Fires the shortest path of diagram edges from CONNECT to {@code target}. */
    private static void driveTo(SimulationMachine m, SimState target) {
        Map<SimState, SimTransition> via = new EnumMap<>(SimState.class);
        Queue<SimState> queue = new ArrayDeque<>(List.of(SimState.CONNECT));
        Set<SimState> seen = EnumSet.of(SimState.CONNECT);
        while (!queue.isEmpty()) {
            SimState s = queue.remove();
            for (SimTransition t : DIAGRAM) {
                if (t.from() == s && seen.add(t.to())) {
                    via.put(t.to(), t);
                    queue.add(t.to());
                }
            }
        }
        List<SimEvent> path = new ArrayList<>();
        for (SimState s = target; s != SimState.CONNECT; s = via.get(s).from()) {
            assertThat(via).as("%s reachable", s).containsKey(s);
            path.add(0, via.get(s).event());
        }
        path.forEach(m::fire);
        assertThat(m.state()).isEqualTo(target);
    }

    private static Throwable inOtherThread(String name, Runnable action) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(
                () -> {
                    try {
                        action.run();
                    } catch (Throwable e) {
                        thrown.set(e);
                    }
                },
                name);
        t.start();
        t.join();
        return thrown.get();
    }
}
