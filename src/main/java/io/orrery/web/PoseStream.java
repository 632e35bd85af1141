package io.orrery.web;

import io.orrery.runner.port.RunReads;
import io.orrery.sse.SseClient;
import io.orrery.sse.SseEvent;
import io.orrery.sse.SseStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

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
 * <p>No client can hold another back: frames are written by the shared {@link SseStream}, with the servlet's
 * non-blocking output, so a page that
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

    /** A page has one frame at most waiting: it is made when the page's connection takes it. */
    private static final String FRAME = "poses";

    private final RunReads world;
    private final SseStream<PoseEncoder> stream;
    private final PoseFrames frames = new PoseFrames(); // ticker thread only
    private volatile Frame frame;

    PoseStream(RunReads world, int maxClients) {
        this.world = world;
        this.stream = new SseStream<>(
                new SseStream.Settings(
                        "dashboard-poses",
                        maxClients,
                        2,
                        2, // a frame, and a heartbeat
                        Duration.ofMillis(1000 / HZ),
                        Duration.ofNanos(STALL_TIMEOUT_NANOS),
                        Duration.ofNanos(HEARTBEAT_NANOS)),
                this::tick);
    }

    /**
     * Starts a new client's stream on {@code request}'s connection, or answers false (and leaves the response
     * untouched) when {@code maxClients} streams are open already; its first frame holds every link.
     */
    boolean connect(HttpServletRequest request, HttpServletResponse response) throws IOException {
        return stream.connect(request, response, client -> new PoseEncoder()).isPresent();
    }

    /** How many clients are connected. */
    int clientCount() {
        return stream.clientCount();
    }

    /** The ticker: one snapshot serves every page; each page's frame is made when its connection takes it. */
    private void tick() {
        if (stream == null) { // a tick before the constructor has returned
            return;
        }
        if (stream.clientCount() == 0) {
            frames.clear();
            return;
        }
        try {
            frame = frames.next(world.snapshot());
        } catch (RuntimeException e) {
            log.debug("Dashboard pose tick skipped: {}", e.toString());
            return;
        }
        for (SseClient<PoseEncoder> c : stream.clients()) {
            c.offer(SseEvent.keyed(FRAME, FRAME, () -> next(c)));
        }
    }

    /** The page's next frame, or null when nothing changed since its last (sender thread, one at a time). */
    private String next(SseClient<PoseEncoder> c) {
        Frame f = frame;
        return f == null ? null : c.state().next(f);
    }

    @Override
    public void destroy() {
        stream.close();
    }

    /** Ends every page's stream (the application is stopping). */
    void endAll() {
        stream.endAll();
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
}
