package io.orrery.system.environmentalsensor;

import com.gz.msgs.DoubleProtos;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.Seeded;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.EnvironmentalData;
import io.orrery.system.gazebo.GazeboComponents;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;
import io.orrery.world.SphericalCoordinates;
import io.orrery.world.Vec3;
import io.orrery.world.Wgs84;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's EnvironmentalSystem ({@code gz-sim-environmental-sensor-system}), a world plugin: makes a sensor of every
 * {@code <sensor type="custom" gz:type="environmental_sensor/<field>">} of the world's models as loaded and, after
 * every step that is not paused, samples them in the environmental data an EnvironmentPreload put on the world
 * ({@link GazeboComponents#ENVIRONMENT}). Without data the sensors publish nothing (Gazebo logs "No sensor data
 * loaded"); a sensor naming a field the data lacks is left out, with a warning, as in Gazebo. Sensors of models
 * spawned later are not made. Threads: awake on the loader's, the phases on the runner's.
 */
public final class EnvironmentalSensorSystem implements Plugin, PostUpdate, Reset, Seeded {

    /** Gazebo's short name: {@code gz-sim-environmental-sensor-system}. */
    public static final String SHORT_NAME = "environmental-sensor";
    /** Gazebo's class name, the alias its worlds use: {@code gz::sim::systems::EnvironmentalSystem}. */
    public static final List<String> CLASS_NAMES = List.of("EnvironmentalSystem");

    private PluginContext context;
    private final List<EnvironmentalSensor> sensors = new ArrayList<>();
    private Wgs84 earth = new Wgs84(SphericalCoordinates.DEFAULT);
    private EnvironmentalData checked;
    private List<EnvironmentalSensor> ready = List.of();
    private long seed;

    @Override
    public void awake(PluginContext ctx) {
        this.context = ctx;
        Optional<WorldSpec> world = ctx.worldSpec();
        if (world.isEmpty()) {
            return;
        }
        earth = new Wgs84(world.get().sphericalCoordinates().orElse(SphericalCoordinates.DEFAULT));
        for (ModelSpec model : world.get().models()) {
            collect(world.get().name(), model.name(), "", model);
        }
        for (EnvironmentalSensor s : sensors) {
            s.publisher(
                    s.vector()
                            ? ctx.topics().advertise(s.topic, Vector3d.class, s.scopedName)
                            : ctx.topics().advertise(s.topic, DoubleProtos.Double.class, s.scopedName));
            ctx.logger().info("Loaded environmental sensor '{}' publishing on {}", s.scopedName, s.topic);
        }
    }

    private void collect(String world, String top, String prefix, ModelSpec model) {
        for (LinkSpec link : model.links()) {
            for (SensorSpec sensor : link.sensors()) {
                if (sensor.kind().equals(EnvironmentalSensor.KIND)
                        && sensor.customType().orElse("").startsWith(EnvironmentalSensor.TYPE_PREFIX)) {
                    sensors.add(new EnvironmentalSensor(world, top, prefix + link.name(), sensor));
                }
            }
        }
        for (ModelSpec nested : model.models()) {
            collect(world, top, prefix + nested.name() + "::", nested);
        }
    }

    @Override
    public void start(PluginContext ctx) {
        // the sensors are made in awake
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused() || sensors.isEmpty()) {
            return;
        }
        Optional<EnvironmentalData> data =
                context.components().get(GazeboComponents.WORLD, GazeboComponents.ENVIRONMENT);
        if (data.isEmpty()) {
            return;
        }
        if (data.get() != checked) {
            checked = data.get();
            ready = usable(data.get());
        }
        for (EnvironmentalSensor s : ready) {
            Optional<LinkState> link = world.model(s.model).flatMap(m -> m.link(s.link));
            if (link.isPresent()) {
                Pose pose = link.get().pose().compose(s.spec.pose());
                Vec3 velocity = link.get().velocity().linear();
                s.step(info.simTimeNanos(), pose, velocity, data.get(), earth);
            }
        }
    }

    /** The sensors whose fields the data has; the others are named in a warning. */
    private List<EnvironmentalSensor> usable(EnvironmentalData data) {
        List<EnvironmentalSensor> ok = new ArrayList<>();
        for (EnvironmentalSensor s : sensors) {
            List<String> missing = s.missing(data);
            if (missing.isEmpty()) {
                ok.add(s);
            } else {
                context.logger()
                        .warn(
                                "Environmental sensor '{}' could not find field(s) {} in the data {}",
                                s.scopedName,
                                missing,
                                data.fields());
            }
        }
        return List.copyOf(ok);
    }

    @Override
    public void seed(long newSeed) {
        this.seed = newSeed;
        sensors.forEach(s -> s.reset(newSeed));
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        sensors.forEach(s -> s.reset(seed));
    }
}
