package io.orrery.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.google.protobuf.Message;
import io.orrery.app.Topics;
import io.orrery.app.World;
import io.orrery.builtin.PosePublisherPlugin;
import io.orrery.event.EventBus;
import io.orrery.event.Events;
import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.plugin.StartProgress;
import io.orrery.runner.port.ControlEvent;
import io.orrery.runner.port.ResetSignal;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.port.StepSpan;
import io.orrery.sse.SseClient;
import io.orrery.sse.SseEvent;
import io.orrery.sse.SseStream;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicMessage;
import io.orrery.trigger.FiredTrigger;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import org.springframework.beans.factory.DisposableBean;

/**
 * The Server-Sent Events hub behind {@code GET /api/events}: state transitions ({@code state}), a step batch's
 * beginning and end ({@code steps}: the machine stays in Pause around it), plugin start progress ({@code plugins}),
 * the reset signal ({@code reset}), fired triggers ({@code trigger}), a controller's hold acquired or released and
 * why ({@code control}), poses ({@code poses}), a stats tick ({@code stats},
 * {@value #TICK_HZ} Hz) and, for the topics a client asks for, their messages ({@code topic}), each topic sampled
 * at the client's {@code maxRate}.
 *
 * <p>Transport never touches the loop: the runner's listener and the event bus's subscriber (called on the runner
 * and plugin threads) only put the event into each client's bounded queue, dropping the oldest when it is full
 * and counting the drops. The shared {@link SseStream} writes them, one drain at a time per client, so each client
 * sees its events in the order they happened, with the servlet's non-blocking output: a client whose connection
 * fails is removed, and one that takes nothing for {@link #STALL_TIMEOUT} is cut off. Topic messages are
 * not pushed by the loop at all: a client's topics are sampled on the ticker thread at its rate, and a topic's
 * next message waits until its previous one has been sent (see {@link TopicSampler}). At most
 * {@code maxClients} are connected at once ({@code orrery.api.max-event-clients}); one more is refused.
 */
final class EventStream implements DisposableBean {

    /** Events waiting per client; beyond this the oldest is dropped. */
    static final int QUEUE_LIMIT = 1024;

    /** Stats ticks per second. */
    static final int TICK_HZ = 4;

    /** Topic messages per second per topic, when the client does not say. */
    static final double DEFAULT_MAX_RATE = 20;

    /** The highest rate a client may ask for. */
    static final double MAX_RATE_LIMIT = 1000;

    /** How long a client's connection may take nothing before it is cut off (the dashboard's pose stream's). */
    static final Duration STALL_TIMEOUT = Duration.ofSeconds(5);

    private static final int SENDER_THREADS = 4;

    private final World world;
    private final Topics topics;
    private final EventBus bus;
    private final ObjectWriter json;
    private final BiConsumer<String, Object> subscriber = this::onBusEvent;
    private final SseStream<Client> stream;
    private final int maxClients;

    EventStream(World world, Topics topics, EventBus bus, ObjectMapper mapper, int maxClients) {
        this.world = world;
        this.maxClients = maxClients;
        this.topics = topics;
        this.bus = bus;
        this.json = mapper.writer();
        this.stream = new SseStream<>(
                new SseStream.Settings(
                        "sse",
                        maxClients,
                        SENDER_THREADS,
                        QUEUE_LIMIT,
                        Duration.ofMillis(1000 / TICK_HZ),
                        STALL_TIMEOUT,
                        Duration.ZERO),
                this::tick);
        // added before the runner starts (its lifecycle runs last), so no transition is missed
        world.events().accept(new RunListener() {
            @Override
            public void onTransition(SimState from, SimState to, SimEvent event) {
                if (stream.clientCount() > 0) {
                    broadcast(
                            "state",
                            new StateEvent(
                                    from.name(),
                                    to.name(),
                                    event.name(),
                                    world.reads().status().simTimeSeconds()));
                }
            }
        });
        bus.subscribe(subscriber);
    }

    /**
     * A new client's stream on {@code request}'s connection for the events named in {@code only} (every event when
     * empty); it first receives the plugin progress and a stats event, then also the messages of {@code topics}, at
     * most {@code maxRate} a second on each.
     *
     * @throws IllegalArgumentException for a bad topic name or a rate outside (0, {@value #MAX_RATE_LIMIT}]
     * @throws TooManyClientsException when {@code maxClients} are connected already
     */
    void connect(
            HttpServletRequest request,
            HttpServletResponse response,
            Set<String> only,
            List<String> topicNames,
            double maxRate)
            throws IOException {
        if (!(maxRate > 0 && maxRate <= MAX_RATE_LIMIT)) {
            throw new IllegalArgumentException("maxRate must be more than 0 and at most " + MAX_RATE_LIMIT
                    + " messages per second, got " + maxRate);
        }
        List<String> names =
                topicNames.stream().map(topics::absolute).distinct().toList();
        SseClient<Client> client = stream.connect(request, response, c -> {
                    Client state = new Client(Set.copyOf(only));
                    sendProgressIfChanged(c, state, world.reads().pluginProgress());
                    offer(c, state, event("stats", statsEvent(c)));
                    return state;
                })
                .orElseThrow(() -> new TooManyClientsException(maxClients));
        if (!names.isEmpty()) {
            TopicSampler sampler = new TopicSampler(names);
            long period = Math.max(1, Math.round(1e9 / maxRate));
            stream.every(client, period, () -> sampleTopics(client, sampler));
        }
    }

    private void sampleTopics(SseClient<Client> c, TopicSampler sampler) {
        Optional<TopicBus> current = topics.currentBus(world.id());
        if (current.isEmpty()) {
            return;
        }
        sampler.topics().forEach(current.get()::read); // a client following a topic subscribes to it
        for (TopicMessage m : sampler.sample(current.get()::latest, c::queued)) {
            // a topic's next message waits until this one has been sent
            TopicEvent event = new TopicEvent(m.topic(), m.type(), m.message());
            offer(c, c.state(), SseEvent.keyed("topic", m.topic(), () -> write(event)));
        }
    }

    /** How many clients are connected. */
    int clientCount() {
        return stream.clientCount();
    }

    private void onBusEvent(String topic, Object payload) {
        if (stream.clientCount() == 0) {
            return;
        }
        switch (topic) {
            case PosePublisherPlugin.EVENT -> {
                if (payload instanceof PosePublisherPlugin.Poses p) {
                    broadcast(
                            "poses",
                            new PosesEvent(
                                    p.world(),
                                    p.iteration(),
                                    p.simTime(),
                                    p.models().stream()
                                            .map(m -> new ModelPoseEvent(m.name(), PoseJson.of(m.pose())))
                                            .toList()));
                }
            }
            case Events.TRIGGER -> {
                if (payload instanceof FiredTrigger f) {
                    broadcast("trigger", TriggerController.FiredJson.of(f));
                }
            }
            case Events.RESET -> {
                if (payload instanceof ResetSignal r) {
                    broadcast("reset", r);
                }
            }
            case Events.CONTROL -> {
                if (payload instanceof ControlEvent c) {
                    broadcast("control", c);
                }
            }
            case Events.STEPS -> {
                if (payload instanceof StepSpan span) {
                    broadcast("steps", span);
                }
            }
            default -> {
                // other topics are for other subscribers
            }
        }
    }

    private void tick() {
        if (stream == null || stream.clientCount() == 0) { // null: a tick before the constructor has returned
            return;
        }
        StartProgress progress = world.reads().pluginProgress();
        for (SseClient<Client> c : stream.clients()) {
            sendProgressIfChanged(c, c.state(), progress);
            offer(c, c.state(), event("stats", statsEvent(c)));
        }
    }

    private StatsEvent statsEvent(SseClient<Client> c) {
        SimulationStatus s = world.reads().status();
        return new StatsEvent(
                s.simTimeSeconds(),
                s.iterations(),
                s.achievedRealTimeFactor(),
                s.realTimeFactor(),
                s.paused(),
                s.controller().orElse(null),
                c.dropped());
    }

    private void broadcast(String name, Object data) {
        SseEvent event = event(name, data);
        for (SseClient<Client> c : stream.clients()) {
            offer(c, c.state(), event);
        }
    }

    /** Plugin progress goes to a client when it differs from what that client was last sent. */
    private void sendProgressIfChanged(SseClient<Client> c, Client state, StartProgress p) {
        if (state.progressChanged(p)) {
            offer(c, state, event("plugins", new PluginsEvent(p.started(), p.total(), p.allStarted())));
        }
    }

    private SseEvent event(String name, Object data) {
        return SseEvent.of(name, () -> write(data));
    }

    /** A client that does not show an event is not sent it. */
    private static void offer(SseClient<Client> c, Client state, SseEvent e) {
        if (state.shows(e.name())) {
            c.offer(e);
        }
    }

    private String write(Object data) {
        try {
            return json.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event could not be written as JSON", e);
        }
    }

    @Override
    public void destroy() {
        bus.unsubscribe(subscriber);
        stream.close();
    }

    /** Ends every client's stream (the application is stopping); a client that reconnects is let in again. */
    void endAll() {
        stream.endAll();
    }

    /** The cap on connected clients is reached. */
    static final class TooManyClientsException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        TooManyClientsException(int max) {
            super(max + " event-stream clients are connected, the most orrery.api.max-event-clients allows;"
                    + " try again later");
        }
    }

    /** What a client asked to be shown, and the plugin progress it was last sent. */
    private static final class Client {
        private final Set<String> only;
        private StartProgress lastProgress;

        Client(Set<String> only) {
            this.only = only;
        }

        boolean shows(String event) {
            return only.isEmpty() || only.contains(event);
        }

        /** True when {@code progress} differs from what this client was last sent, which it now is. */
        synchronized boolean progressChanged(StartProgress progress) {
            if (progress.equals(lastProgress)) {
                return false;
            }
            lastProgress = progress;
            return true;
        }
    }

    /** A lifecycle transition; states and event by their enum names. */
    record StateEvent(String from, String to, String event, double simTime) {}

    /** Plugin start progress. */
    record PluginsEvent(int started, int total, boolean allStarted) {}

    /**
     * The simulation's progress; {@code controller} names who holds it over the control WebSocket (null when
     * nobody does); {@code dropped} counts events this client lost to a full queue.
     */
    record StatsEvent(
            double simTime,
            long iterations,
            double achievedRealTimeFactor,
            double realTimeFactor,
            boolean paused,
            String controller,
            long dropped) {}

    /** Model poses from the pose publisher plugin. */
    record PosesEvent(String world, long iteration, double simTime, List<ModelPoseEvent> models) {}

    /**
     * A topic's message.
     *
     * @param topic the topic's name
     * @param type its message type, such as {@code gz.msgs.Odometry}
     * @param message the message, written as {@link MessageJson} prints it
     */
    record TopicEvent(String topic, String type, Message message) {}

    /** One model's pose. */
    record ModelPoseEvent(String name, PoseJson pose) {}
}
