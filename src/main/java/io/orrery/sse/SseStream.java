package io.orrery.sse;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One stream of server-sent events to many clients, over the servlet's non-blocking output: the client cap, the
 * ticker, the sender pool, each client's bounded queue and the cut-off of a client that stops reading. Surfaces put
 * their events into clients' queues (or into every client's, {@link #broadcast}) from any thread; senders write them
 * in order, one drain at a time per client, rendering each event only when it is written.
 *
 * <p>No client can hold another back, and none grows without bound. Writes never block: a client whose connection
 * takes nothing keeps its events queued, at most {@link Settings#queueLimit()} (beyond it the oldest is dropped and
 * counted), and once its connection has taken nothing for {@link Settings#stallTimeout()} it is cut off, so what it
 * holds is bounded by the queue, the socket's buffers and that time. A client sent nothing for
 * {@link Settings#heartbeat()} gets a comment line: a write is how a client that went away is noticed and its place
 * under the cap freed.
 *
 * @param <S> what the surface keeps per client
 */
public final class SseStream<S> implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SseStream.class);

    private static final byte[] COMMENT = ":\n\n".getBytes(StandardCharsets.UTF_8);

    /**
     * How a stream runs.
     *
     * @param name names its threads ({@code orrery-<name>-tick}, {@code orrery-<name>-<n>}) and its log lines
     * @param maxClients the most clients connected at once
     * @param senders sender threads
     * @param queueLimit events waiting per client; beyond it the oldest is dropped
     * @param tick how often the surface's tick runs, and stalls and heartbeats are looked at
     * @param stallTimeout how long a client's connection may take nothing before it is cut off
     * @param heartbeat how long a client may be sent nothing before it gets a comment line; zero for never
     */
    public record Settings(
            String name,
            int maxClients,
            int senders,
            int queueLimit,
            Duration tick,
            Duration stallTimeout,
            Duration heartbeat) {

        public Settings {
            if (maxClients < 1 || senders < 1 || queueLimit < 1) {
                throw new IllegalArgumentException("maxClients, senders and queueLimit must be at least 1");
            }
            if (tick.isNegative() || tick.isZero() || stallTimeout.isNegative() || heartbeat.isNegative()) {
                throw new IllegalArgumentException("tick must be positive, stallTimeout and heartbeat at least 0");
            }
        }
    }

    private final Settings settings;
    private final Runnable onTick;
    private final Set<SseClient<S>> clients = new CopyOnWriteArraySet<>();
    private final ScheduledExecutorService ticker;
    private final ExecutorService senders;

    /**
     * A stream whose surface, every {@link Settings#tick()} on the ticker thread, runs {@code onTick} (what it sends
     * at that rate; what it throws is logged, and the ticks go on).
     */
    public SseStream(Settings settings, Runnable onTick) {
        this.settings = settings;
        this.onTick = onTick;
        AtomicInteger n = new AtomicInteger();
        this.senders = Executors.newFixedThreadPool(
                settings.senders(), r -> daemon(r, "orrery-" + settings.name() + "-" + n.incrementAndGet()));
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "orrery-" + settings.name() + "-tick"));
        long period = settings.tick().toNanos();
        ticker.scheduleAtFixedRate(this::tick, period, period, TimeUnit.NANOSECONDS);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Starts a new client's stream on {@code request}'s connection, with {@code state} made for it, or answers empty
     * (and leaves the response untouched) when {@link Settings#maxClients()} are connected already. What
     * {@code state} offers while it makes the client's state is queued before any other event can reach it.
     */
    public synchronized Optional<SseClient<S>> connect(
            HttpServletRequest request, HttpServletResponse response, Function<SseClient<S>, S> state)
            throws IOException {
        // only connect adds, under this lock: the count cannot pass the cap
        if (clients.size() >= settings.maxClients()) {
            return Optional.empty();
        }
        response.setContentType("text/event-stream");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-store");
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(0); // the stream lasts as long as the client
        SseClient<S> client = new SseClient<>(this, async, response.getOutputStream(), settings.queueLimit());
        client.state = state.apply(client);
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                forget(client);
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                end(client);
            }

            @Override
            public void onError(AsyncEvent event) {
                end(client);
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
                // not restarted
            }
        });
        clients.add(client);
        // from here every write is non-blocking; a connection that takes more again drains its client at once
        client.out.setWriteListener(new WriteListener() {
            @Override
            public void onWritePossible() {
                schedule(client);
            }

            @Override
            public void onError(Throwable t) {
                end(client);
            }
        });
        client.open();
        return Optional.of(client);
    }

    /** The clients connected now. */
    public List<SseClient<S>> clients() {
        return List.copyOf(clients);
    }

    /** How many clients are connected. */
    public int clientCount() {
        return clients.size();
    }

    /** Offers {@code event} to every client. Any thread. */
    public void broadcast(SseEvent event) {
        for (SseClient<S> c : clients) {
            c.offer(event);
        }
    }

    /**
     * Runs {@code task} on the ticker every {@code periodNanos} while {@code client} is connected (what it throws is
     * logged, and the runs go on).
     */
    public void every(SseClient<S> client, long periodNanos, Runnable task) {
        ScheduledFuture<?> f = ticker.scheduleAtFixedRate(
                () -> guarded(task, "a client's task"), periodNanos, periodNanos, TimeUnit.NANOSECONDS);
        client.addTask(f);
        if (!clients.contains(client)) {
            f.cancel(false);
        }
    }

    private void tick() {
        guarded(onTick, "the tick");
        long now = System.nanoTime();
        for (SseClient<S> c : clients) {
            if (c.stalledLongerThan(now, settings.stallTimeout().toNanos())) {
                log.warn(
                        "A {} client has taken nothing for {} s: cut off",
                        settings.name(),
                        settings.stallTimeout().toSeconds());
                end(c);
            } else if (!settings.heartbeat().isZero()
                    && c.idleLongerThan(now, settings.heartbeat().toNanos())) {
                c.offer(SseEvent.COMMENT);
            } else {
                schedule(c); // a client waiting for its connection is looked at again
            }
        }
    }

    private void guarded(Runnable task, String what) {
        try {
            task.run();
        } catch (RuntimeException e) {
            log.warn("The {} stream's {} failed", settings.name(), what, e); // a throwing task would be cancelled
        }
    }

    /** Hands the client to a sender unless one drains it already. */
    void schedule(SseClient<S> c) {
        if (c.claimDrain()) {
            try {
                senders.execute(() -> drain(c));
            } catch (RejectedExecutionException shuttingDown) {
                c.releaseDrain();
            }
        }
    }

    /** Writes what the client's queue holds, in order, while its connection takes it; one drain per client. */
    private void drain(SseClient<S> c) {
        try {
            while (true) {
                if (!c.out.isReady()) { // the last write is still on its way out: the stall clock runs
                    c.stalled(System.nanoTime());
                    break;
                }
                c.flowing();
                SseEvent e = c.poll();
                if (e == null) {
                    // What was written may still sit in the response's buffer (a write the connection could not
                    // take at once leaves its tail there): out now, or the last event before a quiet spell waits
                    // for the next one to push it out.
                    if (c.takeUnflushed()) {
                        c.out.flush();
                    }
                    break;
                }
                byte[] text = e == SseEvent.COMMENT ? COMMENT : e.render();
                if (text != null) {
                    c.out.write(text);
                    c.written(System.nanoTime());
                    c.unflushed();
                }
                c.sent(e);
            }
        } catch (IOException | IllegalStateException dead) {
            end(c);
        } catch (RuntimeException e) {
            log.warn("A {} event could not be written", settings.name(), e);
        } finally {
            c.releaseDrain();
        }
        // an event may have come between the last poll and the release, or the connection freed up meanwhile
        if ((c.hasQueued() || c.hasUnflushed()) && c.out.isReady()) {
            schedule(c);
        }
    }

    /**
     * Ends a client's stream; the response closes without waiting on its connection. Also from the container's
     * error callbacks, where completing keeps it from dispatching the failed stream to the error page.
     */
    void end(SseClient<S> c) {
        forget(c);
        try {
            c.async.complete();
        } catch (RuntimeException alreadyCompleted) {
            // ended twice: a cut-off whose connection then failed
        }
    }

    private void forget(SseClient<S> c) {
        clients.remove(c);
        c.ended();
    }

    /** Ends every client's stream (the application is stopping); a client that comes again is let in. */
    public void endAll() {
        for (SseClient<S> c : List.copyOf(clients)) {
            end(c);
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        endAll();
        senders.shutdownNow();
    }
}
