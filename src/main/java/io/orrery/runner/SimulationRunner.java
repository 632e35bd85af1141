package io.orrery.runner;

import io.orrery.log.LogSafe;
import io.orrery.physics.PhysicsEngine;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginEndpoints;
import io.orrery.plugin.ServicePort;
import io.orrery.runner.command.CommandPosts;
import io.orrery.runner.command.CommandQueue;
import io.orrery.runner.edit.Editing;
import io.orrery.runner.edit.Publishing;
import io.orrery.runner.hold.Holding;
import io.orrery.runner.hold.Lockstep;
import io.orrery.runner.loop.Control;
import io.orrery.runner.loop.Reads;
import io.orrery.runner.loop.RunCommands;
import io.orrery.runner.loop.RunEnding;
import io.orrery.runner.loop.RunTo;
import io.orrery.runner.loop.RunTransitions;
import io.orrery.runner.loop.StepLoop;
import io.orrery.runner.port.ControllerHold;
import io.orrery.runner.port.RunControl;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunReads;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerLog;
import io.orrery.runner.port.TopicAccess;
import io.orrery.runner.port.WorldEditing;
import io.orrery.runner.port.WorldLoader;
import io.orrery.runner.session.OutputGate;
import io.orrery.runner.session.ResetCascade;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.SnapshotPublisher;
import io.orrery.runner.session.WorldLoading;
import io.orrery.trigger.Trigger;
import io.orrery.trigger.TriggerRegistry;
import io.orrery.trigger.TriggerSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulation server's one world, run through its whole life on one runner thread that owns the physics, the
 * plugins' host and all world state. Everything else posts commands, which the runner applies between steps (at
 * StepEnd) and answers through a future; a command the current state does not allow is refused naming the state and
 * the commands that are allowed.
 *
 * <p>This class wires the runner's rooms and hands out their ports: {@link #control()} (pause, resume, stop, reset,
 * reload, steps, run-to, the factor), {@link #edits()} (models, the world for a save), {@link #topics()},
 * {@link #hold()} (a controller in the loop, lockstep steps) and {@link #reads()}. The rooms: {@code command} (the
 * queue and how commands are posted), {@code session} (one loaded world, its loading and reset cascade, the run's
 * state), {@code loop} (the step loop, lifecycle transitions, run-to, the end of the run), {@code hold}, {@code edit}
 * and {@code pacing} (real-time pacing and statistics).
 */
public final class SimulationRunner {

    private static final Logger log = LoggerFactory.getLogger(RunnerLog.NAME);

    private final RunState state;
    private final List<RunListener> listeners = new CopyOnWriteArrayList<>();
    private final CompletableFuture<RunResult> finished = new CompletableFuture<>();
    private final StepLoop stepLoop;
    private final Control control;
    private final Reads reads;
    private final Editing edits;
    private final Publishing topics;
    private final Holding hold;
    /** The world services plugins may call; the application offers its own before the start. */
    private volatile ServicePort services = ServicePort.NONE;

    SimulationRunner(RunnerBuilder b) {
        this.state = new RunState(b.worldFile);
        CommandQueue commands = new CommandQueue(b.maxPendingCommands, b.maxPendingPublishBytes);
        CommandPosts posts = new CommandPosts(
                commands, state, b.pluginSettings.startTimeout().toNanos());
        TriggerRegistry triggers = new TriggerRegistry();
        for (TriggerSpec spec : b.settings.triggers()) {
            triggers.add(spec.parse(Trigger.SOURCE_CONFIG));
        }
        state.machine().addListener((from, to, event) -> {
            for (RunListener l : listeners) {
                l.onTransition(from, to, event);
            }
        });
        SnapshotPublisher snapshots = new SnapshotPublisher();
        PluginEndpoints endpoints = new PluginEndpoints(b.pluginRegistry, b.allowedPluginEndpoints);
        this.reads = new Reads(state, snapshots, posts, triggers, b.clock, b.engine.name());
        this.edits = new Editing(state, posts, snapshots, endpoints);
        this.topics = new Publishing(state, posts);

        OutputGate output = new OutputGate(b.events);
        RunTransitions transitions = new RunTransitions(state, triggers, b.events, b.clock);
        ResetCascade cascade = new ResetCascade(state, output, b.events, snapshots, b.clock);
        WorldLoading loading = new WorldLoading(
                state,
                cascade,
                parts(b),
                b.clock,
                b.sleeper,
                output,
                (owner, bus, components) -> RunnerSeams.worldAccess(
                        edits, reads, owner, bus, components, b.pluginSettings.outputDirectory(), () -> services),
                RunnerSeams.topicDriver(state, posts));
        RunTo runTo = new RunTo();
        RunEnding ending = new RunEnding(state, transitions, commands, snapshots, runTo, b.clock, listeners, finished);
        this.stepLoop = new StepLoop(
                state,
                commands,
                transitions,
                loading,
                b.settings,
                b.clock,
                snapshots,
                runTo,
                ending,
                reads::status,
                listeners);
        RunCommands loop =
                new RunCommands(state, transitions, cascade, loading, stepLoop, runTo, ending, b.clock, reads::status);
        this.control = new Control(state, posts, loop, b.loader, endpoints);
        this.hold = new Holding(state, posts, new Lockstep(state, loop, b.events), reads);
    }

    private static WorldLoading.Parts parts(RunnerBuilder b) {
        return new WorldLoading.Parts(
                b.engine,
                b.loader,
                b.systems,
                b.worldSystems,
                b.deviceKinds,
                b.pluginRegistry,
                b.pluginSettings,
                b.settings,
                b.seed);
    }

    /** A runner for the world in {@code worldFile}, read by {@code loader} and built by {@code engine}. */
    public static RunnerBuilder builder(WorldLoader loader, Path worldFile, PhysicsEngine engine) {
        return new RunnerBuilder(loader, worldFile, engine);
    }

    /**
     * Offers the application's world services to the plugins ({@link PluginContext#services()}): the use cases that
     * answer gz-transport's callers answer them too. Call before {@link #start()}; none are offered until then.
     */
    public void offerServices(ServicePort port) {
        services = Objects.requireNonNull(port, "port");
    }

    /** Adds a listener; call before {@link #start()}. */
    public void addListener(RunListener listener) {
        listeners.add(listener);
    }

    /** Starts the runner thread: it loads the world and runs it. */
    public synchronized void start() {
        if (state.thread() != null) {
            throw new IllegalStateException("the runner has already been started");
        }
        Thread t = new Thread(stepLoop::run, "orrery-runner");
        // The last net: the loop ends every run it can; should ending it fail too, the death is named, never silent
        t.setUncaughtExceptionHandler((thread, e) -> {
            state.died("the runner thread died: " + ResetCascade.describe(e));
            log.error("The runner thread died without an outcome: {}", LogSafe.of(ResetCascade.describe(e)), e);
            finished.completeExceptionally(e);
        });
        state.thread(t);
        t.start();
    }

    /** Completes with the result once the run has ended (Disconnect). */
    public CompletableFuture<RunResult> finished() {
        return finished;
    }

    /** True while the runner thread is alive. */
    public boolean isRunning() {
        Thread t = state.thread();
        return t != null && t.isAlive();
    }

    /** World control: pause, resume, stop, reset, reload, step batches, run-to, the real-time factor. */
    public RunControl control() {
        return control;
    }

    /** World edits: spawn, remove, teleport, static or dynamic, the world for a save, actions on the physics. */
    public WorldEditing edits() {
        return edits;
    }

    /** The current world's topic bus, and messages published on it. */
    public TopicAccess topics() {
        return topics;
    }

    /** A controller in the loop: its hold, lockstep steps and observations. */
    public ControllerHold hold() {
        return hold;
    }

    /** What anyone may read of the run: status, state, statistics, snapshot, plugins, systems, triggers. */
    public RunReads reads() {
        return reads;
    }
}
