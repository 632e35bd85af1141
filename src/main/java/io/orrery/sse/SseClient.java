package io.orrery.sse;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;

/**
 * One client of an {@link SseStream}: its connection, its bounded queue of events, and what its surface keeps for it.
 *
 * @param <S> what the surface keeps per client
 */
public final class SseClient<S> {

    final AsyncContext async;
    final ServletOutputStream out;
    private final SseStream<S> stream;
    private final int limit;
    private final ArrayDeque<SseEvent> queue = new ArrayDeque<>();
    private final Set<String> keys = new HashSet<>();
    private final List<ScheduledFuture<?>> tasks = new CopyOnWriteArrayList<>();
    S state;
    private long dropped;
    private boolean draining;
    private boolean open;
    private volatile boolean ended;
    /** Since when (nanoTime) its connection has taken nothing, or 0. */
    private volatile long stalledSince;
    /** When (nanoTime) it was last written to. */
    private volatile long lastWrite = System.nanoTime();
    /** Written since the last flush: the end of it may still be in the response's buffer. */
    private volatile boolean unflushed;

    SseClient(SseStream<S> stream, AsyncContext async, ServletOutputStream out, int limit) {
        this.stream = stream;
        this.async = async;
        this.out = out;
        this.limit = limit;
    }

    /** What the surface keeps for this client. */
    public S state() {
        return state;
    }

    /**
     * Queues {@code event} to be written after those before it. When the queue is full, the oldest event is dropped
     * (and counted); a keyed event is not queued while one of its key waits. Any thread.
     *
     * @return false when it was not queued: its key waits, or the client has gone
     */
    public boolean offer(SseEvent event) {
        boolean schedule;
        synchronized (this) {
            if (ended || (event.key() != null && keys.contains(event.key()))) {
                return false;
            }
            if (queue.size() >= limit) {
                SseEvent oldest = queue.pollFirst();
                if (oldest.key() != null) {
                    keys.remove(oldest.key());
                }
                dropped++;
            }
            queue.addLast(event);
            if (event.key() != null) {
                keys.add(event.key());
            }
            schedule = open;
        }
        if (schedule) {
            stream.schedule(this);
        }
        return true;
    }

    /** How many events this client lost to a full queue. */
    public synchronized long dropped() {
        return dropped;
    }

    /** True while an event of {@code key} waits to be written. */
    public synchronized boolean queued(String key) {
        return keys.contains(key);
    }

    synchronized SseEvent poll() {
        return queue.pollFirst();
    }

    synchronized boolean hasQueued() {
        return !queue.isEmpty();
    }

    /** The event is out (or had nothing to say): another of its key may come. */
    synchronized void sent(SseEvent e) {
        if (e.key() != null) {
            keys.remove(e.key());
        }
    }

    /** Registered with the stream and its connection non-blocking: offers are written from now on. */
    void open() {
        synchronized (this) {
            open = true;
        }
        stream.schedule(this);
    }

    synchronized boolean claimDrain() {
        if (draining || !open || ended) {
            return false;
        }
        draining = true;
        return true;
    }

    synchronized void releaseDrain() {
        draining = false;
    }

    void addTask(ScheduledFuture<?> task) {
        tasks.add(task);
    }

    /** Gone: its tasks stop and its queue is let go. */
    void ended() {
        synchronized (this) {
            ended = true;
            queue.clear();
            keys.clear();
        }
        for (ScheduledFuture<?> t : tasks) {
            t.cancel(false);
        }
    }

    void stalled(long now) {
        if (stalledSince == 0) {
            stalledSince = now;
        }
    }

    void flowing() {
        stalledSince = 0;
    }

    void written(long now) {
        lastWrite = now;
    }

    void unflushed() {
        unflushed = true;
    }

    boolean hasUnflushed() {
        return unflushed;
    }

    /** True when something was written since the last flush, which the caller now does. Its drain only. */
    boolean takeUnflushed() {
        boolean was = unflushed;
        unflushed = false;
        return was;
    }

    boolean stalledLongerThan(long now, long nanos) {
        long since = stalledSince;
        return since != 0 && now - since > nanos;
    }

    boolean idleLongerThan(long now, long nanos) {
        return now - lastWrite > nanos;
    }
}
