package io.orrery.device;

import io.orrery.log.LogSafe;
import io.orrery.physics.WorldView;
import io.orrery.system.NamedSystem;
import io.orrery.system.PostUpdate;
import io.orrery.system.Priorities;
import io.orrery.system.Prioritized;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.TopicBus;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.SensorSpec;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One world's devices, built from the sensors of its models as loaded, stepped as one PostUpdate system right after
 * physics ({@link Priorities#POST_PHYSICS_SENSOR}) and never while paused. Their reset is the runner's reset
 * cascade's, after the systems' and before the plugins' (CLOiSim's order), so as a system it is {@link Stateless},
 * like the physics step: nothing of it is reset with the systems. A model spawned later brings its devices, which
 * go with it when it is removed or a reset takes it away. A model of the world file that is removed keeps its
 * devices, idle (even while another model has its name) until a reset brings it back. Runner thread only.
 */
public final class Devices implements PostUpdate, Stateless, Prioritized, NamedSystem, AutoCloseable {

    /** The name the devices are listed under as a built-in system: gz sim's Sensors system. */
    public static final String LISTED_AS = "sensors";

    /** The name the system goes by. */
    public static final String NAME = "devices";

    private static final Logger log = LoggerFactory.getLogger(Devices.class);

    private final DeviceContext context;
    private final DeviceKinds kinds;
    private final List<Device> devices;
    /** The devices that came with spawned models (by identity: a spawned model may reuse a loaded one's name). */
    private final Set<Device> spawned = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Models of the world file removed since the load: their devices sample nothing until a reset. */
    private final Set<String> removedLoaded = new HashSet<>();
    /** The seed of this episode's noise: the run's, or the one the last reset was given. */
    private long episodeSeed;
    /** The cameras among the devices, for readers off the runner thread; replaced whenever devices come or go. */
    private volatile List<Camera> cameras = List.of();

    private Devices(DeviceContext context, DeviceKinds kinds, List<Device> devices) {
        this.context = context;
        this.kinds = kinds;
        this.devices = new ArrayList<>(devices);
        this.episodeSeed = context.seed();
    }

    /**
     * Builds a device of one of {@code kinds} for every simulated sensor of {@code world}'s models, advertising their
     * topics on {@code topics}; noise streams are seeded from {@code seed}. Logs once that GPU lidars are computed on the CPU;
     * a sensor whose settings are wrong is logged and left out.
     */
    public static Devices build(WorldSpec world, TopicBus topics, long seed, DeviceKinds kinds) {
        Devices built = new Devices(new DeviceContext(world, topics, seed), kinds, List.of());
        built.add(world.models());
        return built;
    }

    /**
     * Devices for the sensors of a model that joins the world after load (a spawn), started as at a reset against
     * {@code world}, which already holds the model.
     */
    public void addSpawned(ModelSpec model, WorldView world) {
        List<Device> added = add(List.of(model));
        added.forEach(d -> d.reset(world, episodeSeed));
        spawned.addAll(added);
    }

    /** Drops the devices of a spawned model that leaves the world (removed, or taken away by a reset). */
    public void removeSpawned(String model) {
        for (Iterator<Device> it = devices.iterator(); it.hasNext(); ) {
            Device d = it.next();
            if (d.mount().model().equals(model) && spawned.remove(d)) {
                d.withdraw();
                it.remove();
            }
        }
        listCameras();
    }

    /** Idles the devices of a model of the world file that is removed, until a reset brings it back. */
    public void removeLoaded(String model) {
        removedLoaded.add(model);
    }

    private List<Device> add(List<ModelSpec> models) {
        List<Device> added = new ArrayList<>();
        List<String> gpu = new ArrayList<>();
        for (ModelSpec model : models) {
            collect(context.world().name(), model, "", model, added, gpu);
        }
        if (!gpu.isEmpty()) {
            log.info(
                    "GPU lidar sensors are computed on the CPU by ray casts against the collision shapes: {}",
                    LogSafe.of(String.join(", ", gpu)));
        }
        devices.addAll(added);
        listCameras();
        return added;
    }

    private void collect(
            String worldName, ModelSpec top, String prefix, ModelSpec model, List<Device> out, List<String> gpu) {
        for (LinkSpec link : model.links()) {
            for (SensorSpec sensor : link.sensors()) {
                create(new Mount(worldName, top.name(), prefix + link.name(), sensor), out, gpu);
            }
        }
        for (JointSpec joint : model.joints()) {
            String parent = joint.parent().equals(JointSpec.WORLD) ? JointSpec.WORLD : prefix + joint.parent();
            Mount.OnJoint on = new Mount.OnJoint(prefix + joint.name(), parent, joint, top);
            for (SensorSpec sensor : joint.sensors()) {
                create(new Mount(worldName, top.name(), prefix + joint.child(), sensor, on), out, gpu);
            }
        }
        for (ModelSpec nested : model.models()) {
            collect(worldName, top, prefix + nested.name() + "::", nested, out, gpu);
        }
    }

    private void create(Mount mount, List<Device> out, List<String> gpu) {
        SensorSpec sensor = mount.sensor();
        Device device;
        try {
            device = kinds.create(mount, context);
        } catch (IllegalArgumentException e) {
            // Gazebo's rule for a sensor it cannot load: the world runs on without it.
            log.warn(
                    "Sensor '{}' ({}) is not simulated: {}",
                    LogSafe.of(mount.scopedName()),
                    LogSafe.of(sensor.type()),
                    LogSafe.of(e.getMessage()));
            return;
        }
        if (device != null) {
            out.add(device);
            if (sensor.type().startsWith("gpu_")) {
                gpu.add(mount.scopedName());
            }
        }
    }

    /** The devices, in load order (spawned ones last). */
    public List<Device> list() {
        return List.copyOf(devices);
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused()) {
            return;
        }
        for (int i = 0; i < devices.size(); i++) {
            Device d = devices.get(i);
            if (removedLoaded.isEmpty()
                    || spawned.contains(d)
                    || !removedLoaded.contains(d.mount().model())) {
                d.step(info, world);
            }
        }
    }

    /**
     * The reset cascade's step for devices: every device starts a new episode (its sample clock, noise streams and
     * what it remembered of the last steps); {@code world} is already back as loaded.
     */
    public void reset(WorldView world) {
        reset(world, context.seed());
    }

    /**
     * A reset whose noise streams are seeded from {@code seed} instead of the run's ({@code orrery.seed}): an
     * episode reset with the same seed repeats, one with another seed draws other noise. The seed holds for the
     * episode (spawned models' sensors too) until the next reset.
     */
    public void reset(WorldView world, long seed) {
        episodeSeed = seed;
        removedLoaded.clear(); // the world is back as loaded
        for (Device d : devices) {
            d.reset(world, seed);
        }
    }

    /** The world is unloaded: every device frees what it holds (its topics go with the world's bus). */
    @Override
    public void close() {
        for (Device d : devices) {
            try {
                d.release();
            } catch (RuntimeException e) {
                log.warn("Sensor '{}' did not close cleanly: {}", d.mount().scopedName(), e.toString());
            }
        }
        devices.clear();
        spawned.clear();
        cameras = List.of();
    }

    private void listCameras() {
        List<Camera> found = new ArrayList<>();
        for (Device d : devices) {
            if (d instanceof Camera c) {
                found.add(c);
            }
        }
        cameras = List.copyOf(found);
    }

    /** The cameras among the devices, in load order; any thread. */
    public List<Camera> cameras() {
        return cameras;
    }

    /**
     * The camera {@code name} names: its scoped name ({@code model::link::sensor}), or its sensor's name when no
     * other camera has it. Any thread.
     *
     * @throws UnknownCameraException naming the cameras there are, when none has that name
     */
    public Camera camera(String name) {
        return Camera.find(cameras, name);
    }

    @Override
    public int priority() {
        return Priorities.POST_PHYSICS_SENSOR;
    }

    @Override
    public String systemName() {
        return NAME;
    }
}
