package io.orrery.builtin;

import io.orrery.device.DeviceDescriptor;
import io.orrery.device.DeviceKinds;
import io.orrery.physics.EngineDescriptor;
import io.orrery.plugin.GazeboSystemName;
import io.orrery.plugin.PluginRegistry;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.WorldSystem;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The systems, device kinds and physics engines Orrery has, each as its own folder declares it (gz-sim's
 * {@code GZ_ADD_PLUGIN}): found on the class path with {@link ServiceLoader} in the {@code META-INF/services} files
 * that AutoService writes from each descriptor's {@code @AutoService} when compiling, plus those a caller adds (a
 * user's Spring beans). Every list the rest of Orrery uses is derived here: the plugin types by filename, the
 * Gazebo systems accepted silently, the systems every world gets, the device kinds and the supported sensor types,
 * the engine names. Nothing is listed by hand. Immutable; safe from any thread.
 */
public final class Extensions {

    /** Read once, on first use: descriptors are stateless. */
    private static final class OnClassPath {
        static final Extensions INSTANCE = discover(Extensions.class.getClassLoader());
    }

    private final List<SystemDescriptor> systems;
    private final List<DeviceDescriptor> devices;
    private final List<EngineDescriptor> engines;
    private final Map<String, DeviceDescriptor> devicesByType;

    private Extensions(
            Collection<? extends SystemDescriptor> systems,
            Collection<? extends DeviceDescriptor> devices,
            Collection<? extends EngineDescriptor> engines) {
        this.systems = sortedUnique(systems, SystemDescriptor::name, "system");
        this.devices = sortedUnique(devices, DeviceDescriptor::name, "device kind");
        this.engines = sortedUnique(engines, EngineDescriptor::name, "physics engine");
        Map<String, DeviceDescriptor> byType = new HashMap<>();
        for (DeviceDescriptor d : this.devices) {
            for (String type : d.sensorTypes()) {
                DeviceDescriptor other = byType.putIfAbsent(type, d);
                if (other != null) {
                    throw new IllegalArgumentException("sensor type '" + type + "' is simulated by two device kinds: "
                            + describe(other, other.name()) + " and " + describe(d, d.name()));
                }
            }
        }
        this.devicesByType = Map.copyOf(byType);
        Map<String, SystemDescriptor> byFilename = new HashMap<>();
        for (SystemDescriptor system : this.systems) {
            if (system.kind() == SystemDescriptor.Kind.PLUGIN) {
                for (String filename : filenames(system)) {
                    SystemDescriptor other = byFilename.putIfAbsent(filename, system);
                    if (other != null) {
                        throw new IllegalArgumentException(
                                "plugin filename '" + filename + "' is declared by two systems: "
                                        + describe(other, other.name()) + " and " + describe(system, system.name()));
                    }
                }
            }
        }
    }

    /** Every descriptor on Orrery's class path (a user's jar on {@code loader.path} included), read once. */
    public static Extensions discovered() {
        return OnClassPath.INSTANCE;
    }

    /** Every descriptor {@code loader} finds, read now. */
    public static Extensions discover(ClassLoader loader) {
        return new Extensions(
                load(SystemDescriptor.class, loader),
                load(DeviceDescriptor.class, loader),
                load(EngineDescriptor.class, loader));
    }

    /** Exactly these. */
    public static Extensions of(
            Collection<? extends SystemDescriptor> systems,
            Collection<? extends DeviceDescriptor> devices,
            Collection<? extends EngineDescriptor> engines) {
        return new Extensions(systems, devices, engines);
    }

    /**
     * These and {@code more} systems (a user's Spring beans).
     *
     * @throws IllegalArgumentException naming both when a name or a plugin filename is taken
     */
    public Extensions withSystems(Collection<? extends SystemDescriptor> more) {
        List<SystemDescriptor> all = new ArrayList<>(systems);
        all.addAll(more);
        return new Extensions(all, devices, engines);
    }

    /**
     * These and {@code more} device kinds (a user's Spring beans).
     *
     * @throws IllegalArgumentException naming both when a name or a sensor type is taken
     */
    public Extensions withDevices(Collection<? extends DeviceDescriptor> more) {
        List<DeviceDescriptor> all = new ArrayList<>(devices);
        all.addAll(more);
        return new Extensions(systems, all, engines);
    }

    /** The systems, by name. */
    public List<SystemDescriptor> systems() {
        return systems;
    }

    /** The device kinds, by name. */
    public List<DeviceDescriptor> devices() {
        return devices;
    }

    /** The physics engines, by name. */
    public List<EngineDescriptor> engines() {
        return engines;
    }

    /**
     * A new registry of every plugin system's filenames and Gazebo names, with the core's systems accepted silently.
     */
    public PluginRegistry plugins() {
        return registerPlugins(new PluginRegistry());
    }

    /**
     * Registers in {@code registry} each {@link SystemDescriptor.Kind#PLUGIN} system under its filenames and, in every
     * spelling, its Gazebo names, and accepts silently the Gazebo names of the systems whose work Orrery does anyway:
     * those of the core, those added to every world, and those that feed the device kinds' sensors.
     *
     * @throws IllegalArgumentException when a filename is taken
     */
    public PluginRegistry registerPlugins(PluginRegistry registry) {
        for (SystemDescriptor s : systems) {
            if (s.kind() == SystemDescriptor.Kind.PLUGIN) {
                registry.register(s.pluginFactory(), filenames(s).toArray(String[]::new));
            } else {
                registry.acceptSilently(s.gazeboNames().toArray(String[]::new));
            }
            if (!s.pluginNames().isEmpty()) {
                if (s.kind() != SystemDescriptor.Kind.CORE) {
                    throw new IllegalArgumentException(
                            "system '" + s.name() + "' is " + s.kind() + ": only a core system has plugin names");
                }
                registry.acceptSilentlyByName(s.pluginNames().toArray(String[]::new));
            }
        }
        for (DeviceDescriptor d : devices) {
            registry.acceptSilently(d.gazeboSystems().toArray(String[]::new));
        }
        return registry;
    }

    /**
     * The systems added to every world as it loads: first the core's own (the physics step), then those of kind
     * {@link SystemDescriptor.Kind#EVERY_WORLD}, each by name.
     *
     * @throws IllegalStateException when a core system's maker does not say it is one
     */
    public List<WorldSystem> worldSystems() {
        List<WorldSystem> all = new ArrayList<>();
        for (SystemDescriptor s : systems) {
            if (s.kind() == SystemDescriptor.Kind.CORE) {
                s.coreSystem().ifPresent(w -> {
                    if (!w.core()) {
                        throw new IllegalStateException(
                                "system '" + s.name() + "' makes a core system that does not say core()");
                    }
                    all.add(w);
                });
            }
        }
        for (SystemDescriptor s : systems) {
            if (s.kind() == SystemDescriptor.Kind.EVERY_WORLD) {
                all.add(s.worldSystem());
            }
        }
        return List.copyOf(all);
    }

    /** The device kinds, by the type of the sensor each simulates. */
    public DeviceKinds deviceKinds() {
        return (mount, context) -> {
            DeviceDescriptor kind = devicesByType.get(mount.sensor().kind());
            return kind == null ? null : kind.create(mount, context);
        };
    }

    /** The {@code <sensor type>}s some device kind simulates, sorted. */
    public Set<String> sensorTypes() {
        return Set.copyOf(new TreeSet<>(devicesByType.keySet()));
    }

    /** The engine of that name (exactly), if there is one. */
    public Optional<EngineDescriptor> engine(String name) {
        return engines.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** The names a {@code <plugin>} finds a plugin system by: its filenames, and Gazebo's names made canonical. */
    private static List<String> filenames(SystemDescriptor s) {
        List<String> names = new ArrayList<>(s.filenames());
        s.gazeboNames().forEach(n -> names.add(GazeboSystemName.filename(n)));
        s.gazeboClassNames().forEach(n -> names.add(GazeboSystemName.className(n)));
        return names;
    }

    private static <T> List<T> load(Class<T> type, ClassLoader loader) {
        List<T> found = new ArrayList<>();
        ServiceLoader.load(type, loader).forEach(found::add);
        return found;
    }

    private static <T> List<T> sortedUnique(Collection<? extends T> items, Function<T, String> name, String what) {
        Map<String, T> byName = new HashMap<>();
        for (T item : items) {
            String n = name.apply(item);
            if (n == null || n.isBlank()) {
                throw new IllegalArgumentException(
                        "a " + what + " needs a name: " + item.getClass().getName());
            }
            T other = byName.putIfAbsent(n, item);
            if (other != null) {
                throw new IllegalArgumentException(what + " name '" + n + "' is declared twice: by "
                        + other.getClass().getName() + " and by "
                        + item.getClass().getName());
            }
        }
        List<T> sorted = new ArrayList<>(byName.values());
        sorted.sort(Comparator.comparing(name));
        return List.copyOf(sorted);
    }

    private static String describe(Object descriptor, String name) {
        return "'" + name + "' (" + descriptor.getClass().getName() + ")";
    }
}
