package io.orrery.plugin.internal;

import io.orrery.log.LogSafe;
import io.orrery.plugin.PluginState;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts woken plugins in parallel on a bounded pool of daemon threads and counts them with the tracker. A reset
 * or an end that arrives while a plugin is starting is parked on it and carried out by its start thread once
 * {@code start} returns, so no callback of a plugin overlaps its {@code start}.
 */
final class PluginStarter {

    // The host's logger: its parts log under the name operators already filter on.
    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);

    private final PluginStartTracker tracker;
    private final PluginHostOptions options;
    private final PluginCommands commands;
    private final List<PluginLifecycleListener> lifecycleListeners;
    private final PluginEnder ender;
    private ExecutorService startPool;

    PluginStarter(
            PluginStartTracker tracker,
            PluginHostOptions options,
            PluginCommands commands,
            List<PluginLifecycleListener> lifecycleListeners,
            PluginEnder ender) {
        this.tracker = tracker;
        this.options = options;
        this.commands = commands;
        this.lifecycleListeners = lifecycleListeners;
        this.ender = ender;
    }

    /** Whether the world's plugins were bound and submitted. */
    boolean begun() {
        return startPool != null;
    }

    /** Sizes the pool for the loaded world's plugins, binds the tracker to the woken ones and submits them. */
    void startWorld(List<HostedPlugin> loaded) {
        List<HostedPlugin> awake = pending(loaded);
        startPool = newStartPool(options.poolSize(awake.size()));
        tracker.bind(awake.stream().map(p -> p.name).toList());
        awake.forEach(this::submitStart);
    }

    /** Tracks the woken ones of a spawned model's plugins (the total grows) and submits them. */
    void startAdded(List<HostedPlugin> loaded) {
        List<HostedPlugin> awake = pending(loaded);
        awake.forEach(p -> tracker.add(p.name));
        awake.forEach(this::submitStart);
    }

    /**
     * Whether the plugin is started and may be reset now; one still pending or starting gets the reset once its
     * start returns instead.
     */
    boolean resetNowOrLater(HostedPlugin p) {
        synchronized (p) {
            if (p.state() == PluginState.PENDING || p.state() == PluginState.STARTING) {
                p.resetPending = true;
            }
            return p.state() == PluginState.STARTED;
        }
    }

    /** Stops the start threads, interrupting starts still running. */
    void shutdown() {
        if (startPool != null) {
            startPool.shutdownNow();
        }
    }

    /** The plugins that woke up and wait for a start thread (refused and failed ones are not tracked). */
    private static List<HostedPlugin> pending(List<HostedPlugin> loaded) {
        return loaded.stream().filter(p -> p.state() == PluginState.PENDING).toList();
    }

    private void submitStart(HostedPlugin p) {
        if (p.state() != PluginState.PENDING) {
            return;
        }
        try {
            startPool.execute(() -> runStart(p));
        } catch (RejectedExecutionException e) {
            ender.unload(p, "the host ended before the plugin could start");
        }
    }

    private void runStart(HostedPlugin p) {
        synchronized (p) {
            if (p.state() != PluginState.PENDING || p.endRequested) {
                return;
            }
            p.status = p.status.with(PluginState.STARTING);
        }
        try {
            p.plugin.start(p.context);
        } catch (Throwable e) {
            PluginCallbacks.rethrowIfFatal(e);
            ender.unload(p, "start failed: " + PluginCallbacks.describe(e));
            return;
        }
        while (true) {
            synchronized (p) {
                if (p.endRequested) {
                    break;
                }
                if (!p.resetPending) {
                    markStarted(p);
                    break;
                }
                p.resetPending = false;
            }
            PluginCallbacks.call(p, "reset", p.plugin::reset);
        }
        boolean endNow;
        synchronized (p) {
            endNow = p.endRequested && p.state() == PluginState.STARTING;
        }
        if (endNow) {
            ender.finishEnd(p, false);
        }
        p.settled.complete(p.status);
    }

    /**
     * Under the plugin's lock: registers its commands, hands it to the lifecycle listeners and only then counts it
     * as started, so whoever waits for AllStarted finds every plugin already with the system manager.
     */
    private void markStarted(HostedPlugin p) {
        commands.register(p);
        p.status = p.status.started(options.clock().instant());
        log.info("plugin '{}' ({}) started", LogSafe.of(p.name), LogSafe.of(p.status.filename()));
        lifecycleListeners.forEach(l -> l.pluginStarted(p.status, p.plugin));
        tracker.started(p.name);
    }

    private static ExecutorService newStartPool(int threads) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "orrery-plugin-start-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
        // Idle start threads go away: starts happen at load and when models are spawned.
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
