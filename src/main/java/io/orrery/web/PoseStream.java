package io.orrery.web;

import io.orrery.runner.SimulationRunner;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The dashboard's pose stream behind {@code GET /dashboard/poses}: at most {@value #HZ} frames a second, each
 * holding only the links whose pose changed since that client's last frame, as integers (millimetres and
 * quaternion components times {@value #ROTATION_SCALE}), and those as differences from what it was sent (see
 * {@link PoseEncoder}).
 *
 * <p>Bounded per client: a client has at most one frame in flight; a tick that finds it still sending skips it, and
 * its next frame holds everything that changed meanwhile (the difference is taken against what it was sent, so
 * nothing is lost, only coalesced). With no client connected the stream takes no snapshots at all; with some,
 * one snapshot a tick serves them all, and a paused world's snapshot is the one already published.
 */
final class PoseStream implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(PoseStream.class);

    /** Frames per second at most. */
    static final int HZ = 10;

    /** Positions are sent in millimetres. */
    static final int POSITION_SCALE = 1000;

    /** Quaternion components are sent times this. */
    static final int ROTATION_SCALE = 10_000;

    /** Numbers per link: x, y, z, qx, qy, qz, qw. */
    static final int STRIDE = 7;

    private final SimulationRunner runner;
    private final Set<Client> clients = new CopyOnWriteArraySet<>();
    private final ScheduledExecutorService ticker;
    private final ExecutorService senders;
    private final PoseFrames frames = new PoseFrames(); // ticker thread only
    private volatile Frame frame;

    PoseStream(SimulationRunner runner) {
        this.runner = runner;
        AtomicInteger n = new AtomicInteger();
        this.senders = Executors.newFixedThreadPool(2, r -> daemon(r, "orrery-dashboard-poses-" + n.incrementAndGet()));
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "orrery-dashboard-tick"));
        long period = 1000 / HZ;
        ticker.scheduleAtFixedRate(this::tick, period, period, TimeUnit.MILLISECONDS);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** A new client; its first frame holds every link. */
    SseEmitter connect() {
        SseEmitter emitter = new SseEmitter(0L);
        Client client = new Client(emitter);
        emitter.onCompletion(() -> clients.remove(client));
        emitter.onTimeout(() -> clients.remove(client));
        emitter.onError(e -> clients.remove(client));
        clients.add(client);
        return emitter;
    }

    /** How many clients are connected. */
    int clientCount() {
        return clients.size();
    }

    private void tick() {
        try {
            if (clients.isEmpty()) {
                frames.clear();
                return;
            }
            frame = frames.next(runner.snapshot());
            for (Client c : clients) {
                if (c.busy.compareAndSet(false, true)) {
                    try {
                        senders.execute(() -> send(c));
                    } catch (RejectedExecutionException shuttingDown) {
                        c.busy.set(false);
                    }
                }
            }
        } catch (RuntimeException e) {
            log.debug("Dashboard pose tick skipped: {}", e.toString()); // a throwing task would cancel the schedule
        }
    }

    private void send(Client c) {
        try {
            Frame f = frame;
            String data = f == null ? null : c.next(f);
            if (data != null) {
                c.emitter.send(SseEmitter.event().name("poses").data(data));
            }
        } catch (IOException | IllegalStateException dead) {
            clients.remove(c);
            try {
                c.emitter.completeWithError(dead);
            } catch (RuntimeException ignored) {
                // already completed
            }
        } finally {
            c.busy.set(false);
        }
    }

    @Override
    public void destroy() {
        ticker.shutdownNow();
        endAll();
        senders.shutdownNow();
    }

    /** Ends every page's stream (the application is stopping). */
    void endAll() {
        for (Client c : List.copyOf(clients)) {
            clients.remove(c);
            try {
                c.emitter.complete();
            } catch (RuntimeException ignored) {
                // the connection is gone already
            }
        }
    }

    /**
     * Every link's pose at one snapshot, quantized, in the scene's order.
     *
     * @param key the scene's key
     * @param simTime the snapshot's sim time, seconds
     * @param values {@value #STRIDE} integers per link; never changed once made
     * @param sequence the frame's number among those {@link PoseFrames} made, from 1; 0 for a frame made otherwise
     * @param changed the links whose values differ from frame {@code sequence - 1}'s, ascending; null when not known
     */
    record Frame(String key, double simTime, int[] values, long sequence, int[] changed) {

        /** A frame with nothing known of the frame before it. */
        Frame(String key, double simTime, int[] values) {
            this(key, simTime, values, 0, null);
        }
    }

    /** One page: its emitter, and what it was last sent. */
    private static final class Client {
        final SseEmitter emitter;
        final AtomicBoolean busy = new AtomicBoolean();
        final PoseEncoder encoder = new PoseEncoder();

        Client(SseEmitter emitter) {
            this.emitter = emitter;
        }

        String next(Frame f) {
            return encoder.next(f);
        }
    }
}
