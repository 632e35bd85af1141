package io.orrery.system.buoyancyengine;

import com.gz.msgs.DoubleProtos;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.topic.Publisher;
import io.orrery.world.Vec3;
import java.util.OptionalDouble;

/**
 * Gazebo's BuoyancyEngine system ({@code gz-sim-buoyancy-engine-system}), a model plugin: a bladder on the link
 * {@code <link_name>} whose volume moves toward the set point last received on
 * {@code /model/<namespace>/buoyancy_engine} (a {@code gz.msgs.Double}, m³, clamped to {@code <min_volume>} and
 * {@code <max_volume>}) by at most {@code <max_inflation_rate>} m³/s, published every step on
 * {@code .../current_volume}. Each step that is not paused the link is pushed at its origin, along the world's
 * gravity reversed, by {@code g (ρ V − ρ V_neutral)}: ρ {@code <fluid_density>} below {@code <surface>} (a world
 * height; everywhere when absent), 0 above it, so a bladder at {@code <neutral_volume>} under water adds nothing.
 * Gazebo's defaults throughout; without {@code <namespace>} the topics are {@code /buoyancy_engine} and
 * {@code /buoyancy_engine/current_volume}, as in Gazebo. A reset returns the bladder and the set point to
 * {@code <default_volume>}. Threads: the runner's (commands arrive on it).
 */
public final class BuoyancyEngine implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-buoyancy-engine-system}. */
    public static final String SHORT_NAME = "buoyancy-engine";
    /** Gazebo's class name: {@code gz::sim::systems::BuoyancyEngine}. */
    public static final String CLASS_NAME = "BuoyancyEngine";

    private String model;
    private String link;
    private double minVolume;
    private double maxVolume;
    private double neutralVolume;
    private double defaultVolume;
    private double defaultSetPoint;
    private double maxInflationRate;
    private double fluidDensity;
    private OptionalDouble surface;
    private Vec3 gravity;
    private String commandTopic;
    private String statusTopic;
    private Publisher<DoubleProtos.Double> status;

    private double volume;
    private double setPoint;

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        DeclaringModel declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        String name = params.text("link_name")
                .filter(l -> !l.isBlank())
                .orElseThrow(() -> params.bad("must be attached to some link: it needs a <link_name>"));
        // Gazebo's Model::LinkByName on the declaring model
        if (declaring.spec().isPresent()
                && declaring.spec().get().links().stream()
                        .noneMatch(l -> l.name().equals(name))) {
            throw params.bad("link '" + name + "' was not found in model '" + declaring.scopedName() + "'");
        }
        link = declaring.scoped(name);
        minVolume = params.nonNegative("min_volume", 0.000030);
        maxVolume = params.nonNegative("max_volume", 0.000990);
        if (maxVolume < minVolume) {
            throw params.bad("max_volume", "at least min_volume (" + minVolume + " m³)", "'" + maxVolume + "'");
        }
        fluidDensity = params.nonNegative("fluid_density", 1000);
        // Gazebo starts at min_volume, with the set point at its own default, unless <default_volume> sets both
        defaultVolume = params.nonNegative("default_volume", minVolume);
        defaultSetPoint = params.has("default_volume") ? defaultVolume : 0.000030;
        neutralVolume = params.nonNegative("neutral_volume", 0.0003);
        maxInflationRate = params.nonNegative("max_inflation_rate", 3e-6);
        surface = params.has("surface") ? OptionalDouble.of(params.finite("surface", 0)) : OptionalDouble.empty();
        gravity = ctx.gravity();
        String base = params.text("namespace")
                .map(ns -> "/model/" + ns + "/buoyancy_engine")
                .orElse("/buoyancy_engine");
        try {
            commandTopic = GazeboTopics.valid(base);
            statusTopic = GazeboTopics.valid(base + "/current_volume");
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid topic: " + e.getMessage());
        }
        volume = defaultVolume;
        setPoint = defaultSetPoint;
    }

    @Override
    public void start(PluginContext ctx) {
        String owner = ctx.qualifiedName();
        ctx.topics().subscribe(commandTopic, DoubleProtos.Double.class, owner, this::onSetPoint);
        status = ctx.topics().advertise(statusTopic, DoubleProtos.Double.class, owner);
        ctx.logger()
                .info(
                        "BuoyancyEngine listening to commands on [{}], publishing status on [{}]",
                        commandTopic,
                        statusTopic);
    }

    private void onSetPoint(DoubleProtos.Double m) {
        double v = m.getData();
        if (Double.isNaN(v)) {
            return; // Gazebo's std::max/min would keep a NaN; no volume is one
        }
        setPoint = Math.min(Math.max(minVolume, v), maxVolume);
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        double step = info.dtSeconds() * maxInflationRate;
        if (volume < setPoint) {
            volume += Math.min(step, setPoint - volume);
        } else if (volume > setPoint) {
            volume -= Math.min(step, volume - setPoint);
        }
        status.publish(DoubleProtos.Double.newBuilder().setData(volume).build());
        double density = fluidDensity;
        if (surface.isPresent()) {
            double z = world.model(model)
                    .flatMap(m -> m.link(link))
                    .map(l -> l.pose().position().z())
                    .orElse(Double.NEGATIVE_INFINITY);
            density = z < surface.getAsDouble() ? fluidDensity : 0;
        }
        double displaced = density * volume - fluidDensity * neutralVolume;
        world.addLinkWrench(model, link, gravity.times(-displaced), Vec3.ZERO, Vec3.ZERO);
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        volume = defaultVolume;
        setPoint = defaultSetPoint;
    }
}
