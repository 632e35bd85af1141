package io.orrery.api;

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
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicMessage;
import io.orrery.trigger.FiredTrigger;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

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
 * and counting the drops. Sender threads write to the emitters, one drain at a time per client, so each client
 * sees its events in the order they happened. A client whose connection fails is removed. Topic messages are
 * not pushed by the loop at all: a client's topics are sampled on the ticker thread at its rate, and a topic's
 * next message waits until its previous one has been sent (see {@link TopicSampler}). At most
 * {@code maxClients} are connected at once ({@code orrery.api.max-event-clients}); one more is refused.
 */
final class EventStream implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(EventStream.class);

    /** Events waiting per client; beyond this the oldest is dropped. */
    static final int QUEUE_LIMIT = 1024;

    /** Stats ticks per second. */
    static final int TICK_HZ = 4;

    /** Topic messages per second per topic, when the client does not say. */
    static final double DEFAULT_MAX_RATE = 20;

    /** The highest rate a client may ask for. */
    static final double MAX_RATE_LIMIT = 1000;

    private static final int SENDER_THREADS = 4;

    private final World world;
    private final Topics topics;
    private final EventBus bus;
    private final int maxClients;
    private final Set<Client> clients = new CopyOnWriteArraySet<>();
    private final BiConsumer<String, Object> subscriber = this::onBusEvent;
    private final ExecutorService senders;
    private final ScheduledExecutorService ticker;

    EventStream(World world, Topics topics, EventBus bus, int maxClients) {
        this.world = world;
        this.topics = topics;
        this.bus = bus;
        this.maxClients = maxClients;
        // added before the runner starts (its lifecycle runs last), so no transition is missed
        world.events().accept(new RunListener() {
            @Override
            public void onTransition(SimState from, SimState to, SimEvent event) {
                if (!clients.isEmpty()) {
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
        AtomicInteger n = new AtomicInteger();
        this.senders =
                Executors.newFixedThreadPool(SENDER_THREADS, r -> daemon(r, "orrery-sse-" + n.incrementAndGet()));
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "orrery-sse-tick"));
        long period = 1000 / TICK_HZ;
        ticker.scheduleAtFixedRate(this::tick, period, period, TimeUnit.MILLISECONDS);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** A new client's emitter for every event, with no topics. */
    SseEmitter connect() {
        return connect(Set.of(), List.of(), DEFAULT_MAX_RATE);
    }

    /**
     * A new client's emitter for the events named in {@code only} (every event when empty); it first receives the
     * plugin progress and a stats event, then also the messages of {@code topics}, at most {@code maxRate} a second
     * on each.
     *
     * @throws IllegalArgumentException for a bad topic name or a rate outside (0, {@value #MAX_RATE_LIMIT}]
     * @throws TooManyClientsException when {@code maxClients} are connected already
     */
    synchronized SseEmitter connect(Set<String> only, List<String> topics, double maxRate) {
        if (!(maxRate > 0 && maxRate <= MAX_RATE_LIMIT)) {
            throw new IllegalArgumentException("maxRate must be more than 0 and at most " + MAX_RATE_LIMIT
                    + " messages per second, got " + maxRate);
        }
        // only connect adds, under this lock: the count cannot pass the cap
        if (clients.size() >= maxClients) {
            throw new TooManyClientsException(maxClients);
        }
        List<String> names =
                topics.stream().map(this.topics::absolute).distinct().toList();
        SseEmitter emitter = new SseEmitter(0L); // no timeout: the stream lasts as long as the client
        Client client = new Client(emitter, Set.copyOf(only));
        emitter.onCompletion(() -> remove(client));
        emitter.onTimeout(() -> remove(client));
        emitter.onError(e -> remove(client));
        client.sendProgressIfChanged(world.reads().pluginProgress());
        client.offer(new Event("stats", statsEvent(client)));
        clients.add(client);
        schedule(client);
        if (!names.isEmpty()) {
            TopicSampler sampler = new TopicSampler(names);
            long period = Math.max(1, Math.round(1e9 / maxRate));
            client.sampling = ticker.scheduleAtFixedRate(
                    () -> sampleTopics(client, sampler), period, period, TimeUnit.NANOSECONDS);
        }
        return emitter;
    }

    private void sampleTopics(Client c, TopicSampler sampler) {
        try {
            Optional<TopicBus> bus = topics.currentBus(world.id());
            if (bus.isEmpty()) {
                return;
            }
            List<TopicMessage> due = sampler.sample(bus.get()::latest, c::topicQueued);
            for (TopicMessage m : due) {
                c.offerTopic(new Event("topic", new TopicEvent(m.topic(), m.type(), m.message())), m.topic());
            }
            if (!due.isEmpty()) {
                schedule(c);
            }
        } catch (RuntimeException e) {
            log.warn("Event stream topic sampling failed", e); // a throwing task would cancel the schedule
        }
    }

    private void remove(Client c) {
        clients.remove(c);
        ScheduledFuture<?> sampling = c.sampling;
        if (sampling != null) {
            sampling.cancel(false);
        }
    }

    /** How many clients are connected. */
    int clientCount() {
        return clients.size();
    }

    private void onBusEvent(String topic, Object payload) {
        if (clients.isEmpty()) {
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
        try {
            if (clients.isEmpty()) {
                return;
            }
            StartProgress progress = world.reads().pluginProgress();
            for (Client c : clients) {
                c.sendProgressIfChanged(progress);
                c.offer(new Event("stats", statsEvent(c)));
                schedule(c);
            }
        } catch (RuntimeException e) {
            log.warn("Event stream tick failed", e); // a throwing task would cancel the schedule
        }
    }

    private StatsEvent statsEvent(Client c) {
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

    private static PluginsEvent progressEvent(StartProgress p) {
        return new PluginsEvent(p.started(), p.total(), p.allStarted());
    }

    private void broadcast(String name, Object data) {
        Event event = new Event(name, data);
        for (Client c : clients) {
            c.offer(event);
            schedule(c);
        }
    }

    private void schedule(Client c) {
        if (c.claimDrain()) {
            try {
                senders.execute(() -> drain(c));
            } catch (java.util.concurrent.RejectedExecutionException e) {
                c.releaseDrain(); // shutting down
            }
        }
    }

    /** Sends what the client's queue holds, in order; one drain per client at a time. */
    private void drain(Client c) {
        while (true) {
            Event e = c.poll();
            if (e == null) {
                c.releaseDrain();
                // an event may have come between the empty poll and the release
                if (c.isEmpty() || !c.claimDrain()) {
                    return;
                }
                continue;
            }
            try {
                c.emitter.send(SseEmitter.event().name(e.name()).data(e.data(), MediaType.APPLICATION_JSON));
                if (e.data() instanceof TopicEvent t) {
                    c.topicSent(t.topic());
                }
            } catch (IOException | IllegalStateException dead) {
                remove(c);
                c.clear();
                c.releaseDrain();
                try {
                    c.emitter.completeWithError(dead);
                } catch (RuntimeException ignored) {
                    // already completed
                }
                return;
            }
        }
    }

    @Override
    public void destroy() {
        bus.unsubscribe(subscriber);
        ticker.shutdownNow();
        endAll();
        senders.shutdownNow();
    }

    /** Ends every client's stream (the application is stopping); a client that reconnects is let in again. */
    void endAll() {
        for (Client c : List.copyOf(clients)) {
            remove(c);
            try {
                c.emitter.complete();
            } catch (RuntimeException ignored) {
                // the connection is gone already
            }
        }
    }

    private record Event(String name, Object data) {}

    /** The cap on connected clients is reached. */
    static final class TooManyClientsException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        TooManyClientsException(int max) {
            super(max + " event-stream clients are connected, the most orrery.api.max-event-clients allows;"
                    + " try again later");
        }
    }

    /** One connected client: its emitter and its bounded queue. */
    private static final class Client {
        final SseEmitter emitter;
        private final Set<String> only;
        private final ArrayDeque<Event> queue = new ArrayDeque<>();
        private final Set<String> topicsQueued = new HashSet<>();
        private long dropped;
        private boolean draining;
        private StartProgress lastProgress;
        volatile ScheduledFuture<?> sampling;

        Client(SseEmitter emitter, Set<String> only) {
            this.emitter = emitter;
            this.only = only;
        }

        synchronized void offer(Event e) {
            if (!only.isEmpty() && !only.contains(e.name())) {
                return; // a client that does not show an event is not sent it
            }
            if (queue.size() >= QUEUE_LIMIT) {
                queue.pollFirst();
                dropped++;
            }
            queue.addLast(e);
        }

        /** Plugin progress goes to a client when it differs from what that client was last sent. */
        synchronized void sendProgressIfChanged(StartProgress progress) {
            if (!progress.equals(lastProgress)) {
                lastProgress = progress;
                offer(new Event("plugins", progressEvent(progress)));
            }
        }

        /** A topic message; the topic's next one waits until this one has been sent. */
        synchronized void offerTopic(Event e, String topic) {
            topicsQueued.add(topic);
            offer(e);
        }

        synchronized boolean topicQueued(String topic) {
            return topicsQueued.contains(topic);
        }

        synchronized void topicSent(String topic) {
            topicsQueued.remove(topic);
        }

        synchronized Event poll() {
            return queue.pollFirst();
        }

        synchronized boolean isEmpty() {
            return queue.isEmpty();
        }

        synchronized void clear() {
            queue.clear();
            topicsQueued.clear();
        }

        synchronized long dropped() {
            return dropped;
        }

        synchronized boolean claimDrain() {
            if (draining) {
                return false;
            }
            draining = true;
            return true;
        }

        synchronized void releaseDrain() {
            draining = false;
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
