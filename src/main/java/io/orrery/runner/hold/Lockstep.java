package io.orrery.runner.hold;

import com.google.protobuf.Message;
import com.gz.msgs.ImageProtos.Image;
import io.orrery.device.Camera;
import io.orrery.event.EventSink;
import io.orrery.event.Events;
import io.orrery.physics.ModelState;
import io.orrery.physics.UnknownModelException;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.loop.RunCommands;
import io.orrery.runner.port.ControlEvent;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.ControlHeldException;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.WorldSession;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicMessage;
import io.orrery.topic.TopicNames;
import io.orrery.topic.msgs.MessageTypes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * A controller in the loop (Cloe's StepController): the hold one controller takes on the simulation, and its
 * lockstep steps and resets with what they publish and observe. Runner thread only.
 */
public final class Lockstep {

    private final RunState state;
    private final RunCommands loop;
    private final EventSink events;

    public Lockstep(RunState state, RunCommands loop, EventSink events) {
        this.state = state;
        this.loop = loop;
        this.events = events;
    }

    /** Makes {@code handle} the holder: a run-to is cancelled and a running simulation pauses at this StepEnd. */
    ControlHandle acquire(ControlHandle handle) {
        ControlHandle held = state.controller();
        if (held != null) {
            throw new ControlHeldException("acquire", held.holder(), state.currentState(), RunState.HELD_COMMANDS);
        }
        loop.holdForController();
        state.controller(handle);
        events.emit(Events.CONTROL, new ControlEvent("acquired", handle.holder(), "acquired"));
        return handle;
    }

    /** Lets go of the simulation if {@code handle} still holds it, saying why; it stays paused. */
    void release(ControlHandle handle, String reason) {
        if (state.controller() == handle) {
            state.controller(null);
            events.emit(Events.CONTROL, new ControlEvent("released", handle.holder(), reason));
        }
    }

    /**
     * An operator's release of whoever holds the simulation, when {@code expected} (if given) is who holds it: the
     * holder released, or empty when nobody holds it.
     */
    Optional<String> forceRelease(Optional<String> expected) {
        ControlHandle held = state.controller();
        if (held == null) {
            return Optional.empty();
        }
        if (expected.isPresent() && !expected.get().equals(held.holder())) {
            throw new ControlHeldException(
                    "release '" + expected.get() + "'", held.holder(), state.currentState(), RunState.HELD_COMMANDS);
        }
        release(held, "released by an operator");
        return Optional.of(held.holder());
    }

    /** The steps taken since the world's start or last reset. */
    long iterations() {
        return state.session().iterations();
    }

    /**
     * Checks every topic and model named first, so a bad request changes nothing; then publishes, steps and
     * observes at the last StepEnd.
     */
    StepResult step(StepRequest request) {
        WorldSession s = state.session();
        checkPublishable(s.topics, request.publish());
        checkObservable(s, request.observe(), request.models());
        List<Camera> cameras = request.images().stream().map(s.devices::camera).toList();
        request.observe().forEach(s.topics::read); // an observed topic is built during the steps
        request.publish().forEach(s.topics::publish); // on the runner thread: delivered at once
        SimulationStatus status = loop.runSteps(request.count());
        StepResult seen = observe(status, request.observe(), request.models());
        if (cameras.isEmpty()) {
            return seen;
        }
        // Drawn from the poses as the last step left them, on each camera's thread; the answer waits for them.
        Map<String, CompletableFuture<List<Image>>> images = new LinkedHashMap<>();
        for (int i = 0; i < cameras.size(); i++) {
            images.put(
                    request.images().get(i),
                    state.ended()
                            ? CompletableFuture.failedFuture(
                                    new IllegalStateException("the run ended during the step: nothing to draw"))
                            : cameras.get(i).draw(s.physics, status.simTimeNanos()));
        }
        return new StepResult(seen.status(), seen.observations(), seen.models(), Collections.unmodifiableMap(images));
    }

    /** A reset (noise seeded from {@code seed} when given), then what is observed at sim time 0. */
    StepResult reset(OptionalLong seed, List<String> topics, List<String> models) {
        checkObservable(state.session(), topics, models);
        topics.forEach(state.session().topics::read);
        SimulationStatus status = loop.resetWorld(seed);
        return observe(status, topics, models);
    }

    /**
     * What a reader off the runner thread observes: the models of the latest snapshot (taken at a StepEnd) and the
     * topics' latest messages. Costs the loop at most one snapshot per step, however many read.
     */
    static StepResult look(
            SimulationStatus status, WorldSnapshot snapshot, TopicBus bus, List<String> topics, List<String> models) {
        Map<String, TopicMessage> observations = new LinkedHashMap<>();
        for (String topic : topics) {
            bus.require(topic);
            bus.read(topic);
            observations.put(topic, bus.latest(topic).orElse(null));
        }
        List<ModelState> states = new ArrayList<>(models.size());
        for (String model : models) {
            states.add(snapshot.model(model).orElseThrow(() -> new UnknownModelException(model)));
        }
        return new StepResult(status, Collections.unmodifiableMap(observations), List.copyOf(states));
    }

    private StepResult observe(SimulationStatus status, List<String> topics, List<String> models) {
        WorldSession s = state.session();
        Map<String, TopicMessage> observations = new LinkedHashMap<>();
        for (String topic : topics) {
            observations.put(topic, s.topics.latest(topic).orElse(null));
        }
        List<ModelState> states = new ArrayList<>(models.size());
        if (!state.ended()) { // a stop inside the batch closed the world: its models are gone
            for (String model : models) {
                states.add(s.physics.model(model).orElseThrow(() -> new UnknownModelException(model)));
            }
        }
        return new StepResult(status, Collections.unmodifiableMap(observations), List.copyOf(states));
    }

    private static void checkPublishable(TopicBus bus, Map<String, Message> messages) {
        for (Map.Entry<String, Message> e : messages.entrySet()) {
            Class<?> type = bus.requireSubscribed(e.getKey());
            if (!type.isInstance(e.getValue())) {
                throw new IllegalArgumentException(
                        "topic '" + TopicNames.normalize(e.getKey()) + "' carries " + MessageTypes.nameOf(type)
                                + ", not " + MessageTypes.nameOf(e.getValue().getClass()));
            }
        }
    }

    /**
     * Fails for a topic or model that is not there. A model is looked for by name: its state is built once a step,
     * when it is observed (an engine that does not report motion builds it anew at every read).
     */
    private static void checkObservable(WorldSession s, List<String> topics, List<String> models) {
        for (String topic : topics) {
            s.topics.require(topic);
        }
        if (models.isEmpty()) {
            return;
        }
        List<String> names = s.physics.modelNames();
        for (String model : models) {
            if (!names.contains(model)) {
                throw new UnknownModelException(model);
            }
        }
    }
}
