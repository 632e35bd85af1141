package io.orrery.runner.session;

import io.orrery.log.LogSafe;
import io.orrery.noise.Seeds;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginOwner;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.internal.PluginHost;
import io.orrery.plugin.internal.PluginLifecycleListener;
import io.orrery.runner.port.RunnerLog;
import io.orrery.system.Configure;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Seeded;
import io.orrery.system.SystemManager;
import io.orrery.system.SystemOrigin;
import io.orrery.system.Update;
import io.orrery.world.PluginSpec;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Binds plugins that are also systems (Gazebo's system plugins) to one session's system manager. Start threads
 * only note that a plugin started; the runner thread binds it in {@link #update}, which the loop calls before
 * AllStarted releases the first step and at every StepEnd. So a plugin system never misses the first steps,
 * is bound only while its plugin is live (one that ended before it was bound never is), and plugin systems of
 * equal priority run in load order, not in the order their starts happened to finish.
 */
public final class PluginSystemBinding implements PluginLifecycleListener {

    // The runner's parts log as the runner: one logger name for users to set a level on and to filter by.
    private static final Logger log = LoggerFactory.getLogger(RunnerLog.NAME);

    private final SystemManager systems;
    private final Thread owner;
    private final Map<String, OwnedPluginSpec> specs = new ConcurrentHashMap<>();
    private final Map<Plugin, String> started = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Queue<Plugin> endedElsewhere = new ConcurrentLinkedQueue<>();
    /** The bound plugin systems and their names (runner thread). */
    private final Map<Plugin, String> bound = new IdentityHashMap<>();

    private final LongSupplier episodeSeed;
    private volatile boolean changed;

    /**
     * A binding for {@code systems}, driven from the calling thread (the runner's); a {@link Seeded} plugin system is
     * seeded from {@code episodeSeed} (the current episode's) and its name when it is bound.
     */
    PluginSystemBinding(SystemManager systems, LongSupplier episodeSeed) {
        this.systems = systems;
        this.episodeSeed = episodeSeed;
        this.owner = Thread.currentThread();
    }

    /** The seed of a system's random streams in the episode seeded with {@code seed}: mixed with its name. */
    long seedOf(Object system, long seed) {
        String name = system instanceof Plugin p ? bound.get(p) : null;
        return Seeds.of(seed, name != null ? name : SystemManager.nameOf(system));
    }

    /** Remembers a plugin's element, for its priority and its Configure call. */
    void expect(OwnedPluginSpec plugin) {
        specs.put(plugin.qualifiedName(), plugin);
    }

    @Override
    public void pluginStarted(PluginStatus status, Plugin plugin) {
        if (isSystem(plugin)) {
            started.put(plugin, status.name());
            changed = true;
        }
    }

    @Override
    public void pluginEnding(PluginStatus status, Plugin plugin) {
        started.remove(plugin);
        if (Thread.currentThread() == owner) {
            unbind(plugin);
        } else {
            endedElsewhere.add(plugin);
            changed = true;
        }
    }

    /**
     * Runner thread: binds every started plugin system not bound yet, in load order, and unbinds those that
     * ended off the runner thread. Costs one volatile read when nothing changed.
     */
    public void update(PluginHost host) {
        if (!changed) {
            return;
        }
        changed = false;
        Plugin ended;
        while ((ended = endedElsewhere.poll()) != null) {
            unbind(ended);
        }
        for (Plugin plugin : host.startedPluginsInLoadOrder()) {
            String name = started.get(plugin);
            if (name != null && !bound.containsKey(plugin)) {
                bind(name, plugin);
            }
        }
    }

    private void bind(String name, Plugin plugin) {
        OwnedPluginSpec owned = specs.get(name);
        PluginSpec spec = owned == null ? null : owned.spec();
        try {
            if (plugin instanceof Configure c && spec != null) {
                c.configure(spec);
            }
            String model = owned != null && owned.owner() instanceof PluginOwner.Model m ? m.name() : "";
            systems.add(
                    plugin,
                    spec == null ? OptionalInt.empty() : spec.priority(),
                    "<gz:system_priority>",
                    SystemOrigin.plugin(spec == null ? name : spec.name(), model));
            bound.put(plugin, name);
            if (plugin instanceof Seeded seeded) {
                seeded.seed(seedOf(plugin, episodeSeed.getAsLong()));
            }
        } catch (RuntimeException e) {
            // Gazebo's rule for a system that cannot configure: it does not take part in the steps; say so loudly.
            log.error(
                    "plugin '{}' started but its system part could not be configured; it takes no part in the"
                            + " steps: {}",
                    LogSafe.of(name),
                    LogSafe.of(e.getMessage() == null ? e.toString() : e.getMessage()),
                    e);
        }
    }

    private void unbind(Plugin plugin) {
        if (bound.remove(plugin) != null) {
            systems.remove(plugin);
        }
    }

    private static boolean isSystem(Plugin plugin) {
        return plugin instanceof PreUpdate || plugin instanceof Update || plugin instanceof PostUpdate;
    }
}
