package io.orrery.plugin.internal;

import io.orrery.log.LogSafe;
import io.orrery.plugin.StartProgress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tracks the start of a loaded world's plugins, as CLOiSim's plugin start tracking does, and raises
 * {@link PluginStartEvent.ProgressChanged} at each change and {@link PluginStartEvent.AllStarted} exactly once.
 *
 * <p>Rules:
 * <ul>
 * <li>{@link #bind} takes every plugin of the loaded world, once; it reports progress {@code (0, n)}, and with
 *     zero plugins AllStarted at once.
 * <li>A plugin that fails (or is removed) is no longer counted: the total shrinks. So AllStarted means every
 *     plugin has settled; whether a required one failed is the host's verdict, not the tracker's.
 * <li>Plugins that arrive at runtime with a spawned model are {@link #add added} without rebinding: the total
 *     grows and progress is reported, but AllStarted is never raised a second time.
 * <li>Start order is undefined; a plugin that must wait for the others waits for AllStarted.
 * </ul>
 *
 * <p>Safe from any thread. Listeners run in order under the tracker's lock; {@link #progress()} is lock-free.
 */
public final class PluginStartTracker {

    private static final Logger log = LoggerFactory.getLogger(PluginStartTracker.class);

    private final List<PluginStartListener> listeners = new CopyOnWriteArrayList<>();
    private final Set<String> pending = new LinkedHashSet<>();
    private final Set<String> started = new LinkedHashSet<>();
    private final CountDownLatch allStartedLatch = new CountDownLatch(1);
    private boolean bound;
    private boolean allStartedRaised;
    private volatile StartProgress progress = new StartProgress(0, 0, false);

    /** Adds a listener; it hears only events raised after it was added. */
    public void addListener(PluginStartListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Binds the loaded world's plugins by name; may be called once. */
    public synchronized void bind(Collection<String> names) {
        if (bound) {
            throw new IllegalStateException("plugin start tracker is already bound; a new world needs a new tracker");
        }
        bound = true;
        for (String name : names) {
            track(name);
        }
        changed();
    }

    /** Tracks a plugin that arrived at runtime (a spawned model's); the total grows. */
    public synchronized void add(String name) {
        requireBound();
        track(name);
        changed();
    }

    /** The plugin finished its start. Unknown or already-settled names are ignored. */
    public synchronized void started(String name) {
        if (pending.remove(name)) {
            started.add(name);
            changed();
        }
    }

    /** The plugin failed and was unloaded: it is no longer counted. */
    public synchronized void failed(String name) {
        forget(name);
    }

    /** The plugin was ended (its model removed): it is no longer counted. */
    public synchronized void removed(String name) {
        forget(name);
    }

    /** The latest progress; lock-free, for the API, the actuator and the dashboard. */
    public StartProgress progress() {
        return progress;
    }

    /** Whether AllStarted was raised. */
    public boolean isAllStarted() {
        return progress.allStarted();
    }

    /** The tracked plugins not started yet, in the order they were tracked. */
    public synchronized List<String> notStarted() {
        return List.copyOf(pending);
    }

    /**
     * Waits until AllStarted was raised.
     *
     * @throws TimeoutException with the message {@code timed out waiting for plugins (k/n started): <names>}
     */
    public void await(Duration timeout) throws InterruptedException, TimeoutException {
        if (allStartedLatch.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            return;
        }
        synchronized (this) {
            if (allStartedRaised) {
                return;
            }
            throw new TimeoutException("timed out waiting for plugins (" + started.size() + "/"
                    + (started.size() + pending.size()) + " started): " + String.join(", ", pending));
        }
    }

    private void track(String name) {
        if (pending.contains(name) || started.contains(name)) {
            throw new IllegalArgumentException("plugin '" + name + "' is already tracked");
        }
        pending.add(name);
    }

    private void forget(String name) {
        if (pending.remove(name) | started.remove(name)) {
            changed();
        }
    }

    private void requireBound() {
        if (!bound) {
            throw new IllegalStateException("plugin start tracker is not bound yet: bind the world's plugins first");
        }
    }

    private void changed() {
        int total = started.size() + pending.size();
        progress = new StartProgress(started.size(), total, allStartedRaised);
        log.info("plugins: {} of {} started", started.size(), total);
        fire(new PluginStartEvent.ProgressChanged(started.size(), total));
        if (!allStartedRaised && pending.isEmpty()) {
            allStartedRaised = true;
            progress = new StartProgress(started.size(), total, true);
            log.info("plugins: all {} started", total);
            fire(new PluginStartEvent.AllStarted(total));
            allStartedLatch.countDown();
        }
    }

    private void fire(PluginStartEvent event) {
        for (PluginStartListener listener : new ArrayList<>(listeners)) {
            try {
                listener.onStartEvent(event);
            } catch (RuntimeException e) {
                log.warn("plugin start listener failed on {}", LogSafe.of(event), e);
            }
        }
    }
}
