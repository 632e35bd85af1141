package io.orrery.web;

import io.orrery.runner.port.RunReads;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
import org.springframework.http.MediaType;

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
 *
 * <p>No client can hold another back: frames are written with the servlet's non-blocking output, so a page that
 * stops reading never holds a sender thread (with blocking writes, two such pages held both senders and every
 * page's view froze). Its frames wait while its connection takes nothing, and once it has taken nothing for
 * {@link #STALL_TIMEOUT_NANOS} it is cut off, as the control socket cuts off a client that leaves its answers
 * unread. At most {@code maxClients} streams are open at once ({@code orrery.dashboard.max-pose-clients}).
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

    /** How long a client's connection may take nothing before it is cut off (the control socket's send timeout). */
    static final long STALL_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);

    /**
     * How often a client that is sent no frame (a paused world) gets a comment line instead: the write is how a
     * page that went away is noticed, and its place under the cap freed.
     */
    static final long HEARTBEAT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final RunReads world;
    private final int maxClients;
    private final Set<Client> clients = new CopyOnWriteArraySet<>();
    private final ScheduledExecutorService ticker;
    private final ExecutorService senders;
    private final PoseFrames frames = new PoseFrames(); // ticker thread only
    private volatile Frame frame;

    PoseStream(RunReads world, int maxClients) {
        this.world = world;
        this.maxClients = maxClients;
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

    /**
     * Starts a new client's stream on {@code request}'s connection, or answers false (and leaves the response
     * untouched) when {@code maxClients} streams are open already; its first frame holds every link.
     */
    synchronized boolean connect(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // only connect adds, under this lock: the count cannot pass the cap
        if (clients.size() >= maxClients) {
            return false;
        }
        response.setContentType(MediaType.TEXT_EVENT_STREAM_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-store");
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(0); // the stream lasts as long as the page
        Client client = new Client(async, response.getOutputStream());
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                clients.remove(client);
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
        // from here every write is non-blocking; the sender polls isReady() on each tick
        client.out.setWriteListener(new WriteListener() {
            @Override
            public void onWritePossible() {
                // nothing to do: the next tick writes the next frame
            }

            @Override
            public void onError(Throwable t) {
                end(client);
            }
        });
        return true;
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
            frame = frames.next(world.snapshot());
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

    /** Writes the client's next frame if its connection takes it; cuts it off once it has taken nothing too long. */
    private void send(Client c) {
        try {
            if (!c.out.isReady()) { // the last frame is still on its way out
                long now = System.nanoTime();
                if (c.stalledSince == 0) {
                    c.stalledSince = now;
                } else if (now - c.stalledSince > STALL_TIMEOUT_NANOS) {
                    log.warn(
                            "A dashboard pose stream has taken nothing for {} s: cut off",
                            TimeUnit.NANOSECONDS.toSeconds(STALL_TIMEOUT_NANOS));
                    end(c);
                }
                return;
            }
            c.stalledSince = 0;
            Frame f = frame;
            String data = f == null ? null : c.next(f);
            long now = System.nanoTime();
            String text = data != null
                    ? "event:poses\ndata:" + data + "\n\n"
                    : now - c.lastWrite > HEARTBEAT_NANOS ? ":\n\n" : null;
            if (text != null) {
                c.out.write(text.getBytes(StandardCharsets.UTF_8));
                c.lastWrite = now;
                if (c.out.isReady()) {
                    c.out.flush(); // else the container sends the rest as the connection takes it
                }
            }
        } catch (IOException | IllegalStateException dead) {
            end(c);
        } finally {
            c.busy.set(false);
        }
    }

    /**
     * Ends a client's stream; the response closes without waiting on its connection. Also from the container's error
     * callbacks, where completing keeps it from dispatching the failed stream to the error page.
     */
    private void end(Client c) {
        clients.remove(c);
        try {
            c.async.complete();
        } catch (RuntimeException alreadyCompleted) {
            // ended twice: a cut-off whose connection then failed
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
            end(c);
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

    /** One page: its connection, and what it was last sent. */
    private static final class Client {
        final AsyncContext async;
        final ServletOutputStream out;
        final AtomicBoolean busy = new AtomicBoolean();
        final PoseEncoder encoder = new PoseEncoder();
        /** Since when (nanoTime) its connection has taken nothing, or 0; its sender only. */
        long stalledSince;
        /** When (nanoTime) it was last written to; its sender only. */
        long lastWrite = System.nanoTime();

        Client(AsyncContext async, ServletOutputStream out) {
            this.async = async;
            this.out = out;
        }

        String next(Frame f) {
            return encoder.next(f);
        }
    }
}
