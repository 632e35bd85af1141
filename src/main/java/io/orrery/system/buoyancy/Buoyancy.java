package io.orrery.system.buoyancy;

import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginOwner;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.CollisionSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Gazebo's Buoyancy system ({@code gz-sim-buoyancy-system}), a world plugin: every PreUpdate that is not paused, each
 * enabled link of every model is pushed up by the weight of the fluid its collisions displace. With
 * {@code <uniform_fluid_density>} (1000 kg/m³ when neither it nor {@code <graded_buoyancy>} is given) the fluid fills
 * the world and the force acts at the link's centre of volume; with {@code <graded_buoyancy>} each collision is sliced
 * at the {@code <density_change>} heights and each slice pushed at its own centre of volume by its layer's fluid.
 * {@code <enable>} names the links or models that float (all when none is named). Volumes as gz-sim takes them: box,
 * sphere, cylinder, capsule, ellipsoid and cone by formula, a mesh as gz-common measures it
 * ({@link BuoyantLink#gazeboMeshVolume}; uniform only: graded buoyancy cannot slice a mesh, and says so), a plane
 * none; a heightmap is reported and counts for nothing.
 * Threads: the runner's.
 */
public final class Buoyancy implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-buoyancy-system}. */
    public static final String SHORT_NAME = "buoyancy";
    /** Gazebo's class name: {@code gz::sim::systems::Buoyancy}. */
    public static final String CLASS_NAME = "Buoyancy";

    private PluginContext context;
    private FluidLayers fluid;
    private EnabledNames enabled;
    /** Runner thread: each model's links as computed when it was first seen; dropped when models come and go. */
    private final Map<String, List<BuoyantLink>> links = new ConcurrentHashMap<>();
    /** What has been reported once: unsupported collisions, and graded buoyancy's unsliceable shapes. */
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        if (!(ctx.owner() instanceof PluginOwner.World)) {
            throw params.bad("must be attached to the <world>, not to a model: it acts on every model's links");
        }
        fluid = fluid(ctx, params);
        enabled = new EnabledNames(new LinkedHashSet<>(params.names("enable")));
    }

    private static FluidLayers fluid(PluginContext ctx, GazeboParameters params) {
        if (params.has("uniform_fluid_density")) {
            return FluidLayers.uniform(params.finite("uniform_fluid_density", 1000));
        }
        Optional<SdfElement> graded = ctx.spec().parameters().stream()
                .filter(e -> e.name().equals("graded_buoyancy"))
                .findFirst();
        if (graded.isEmpty()) {
            ctx.logger()
                    .warn("Buoyancy: neither <graded_buoyancy> nor <uniform_fluid_density> given;"
                            + " the fluid is 1000 kg/m³ everywhere, as in Gazebo");
            return FluidLayers.uniform(1000);
        }
        double defaultDensity = 1000;
        Map<Double, Double> changes = new TreeMap<>();
        for (SdfElement e : graded.get().children()) {
            if (e.name().equals("default_density")) {
                defaultDensity = number(params, e, "default_density");
            } else if (e.name().equals("density_change")) {
                double depth = e.child("above_depth")
                        .map(d -> number(params, d, "density_change/above_depth"))
                        .orElseThrow(() -> params.bad("<density_change> needs <above_depth>, the z it starts at"));
                double density = e.child("density")
                        .map(d -> number(params, d, "density_change/density"))
                        .orElseThrow(() -> params.bad("<density_change> needs <density>, the fluid above it"));
                changes.put(depth, density);
            }
        }
        if (changes.isEmpty()) {
            ctx.logger()
                    .warn(
                            "Buoyancy: <graded_buoyancy> has no <density_change>; the fluid is {} kg/m³ everywhere",
                            defaultDensity);
        }
        return FluidLayers.graded(defaultDensity, changes);
    }

    private static double number(GazeboParameters params, SdfElement e, String what) {
        String text = e.text() == null ? "" : e.text().trim();
        try {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException ex) {
            // reported below
        }
        throw params.bad(what, "a finite number", "'" + text + "'");
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void onEvent(PluginEvent event) {
        if (event instanceof PluginEvent.ModelAdded a) {
            links.remove(a.name());
        } else if (event instanceof PluginEvent.ModelRemoved r) {
            links.remove(r.name());
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        // a reset brings back removed models and drops spawned ones: compute again what is there after it
        links.clear();
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        Vec3 gravity = context.gravity();
        Set<String> present = new HashSet<>();
        for (ModelState model : world.models()) {
            present.add(model.name());
            if (model.isStatic()) {
                continue; // nothing moves a static model
            }
            for (BuoyantLink link : links.computeIfAbsent(model.name(), this::linksOf)) {
                model.link(link.name()).ifPresent(state -> apply(world, model.name(), link, state, gravity));
            }
        }
        links.keySet().retainAll(present);
    }

    private List<BuoyantLink> linksOf(String model) {
        Optional<ModelSpec> spec = context.modelSpec(model);
        if (spec.isEmpty()) {
            reportOnce("model " + model, "Buoyancy: the description of model '{}' is not at hand; it does not float");
            return List.of();
        }
        return BuoyantLink.of(spec.get(), enabled, problem -> reportOnce(problem, "Buoyancy: {}"));
    }

    private void apply(PhysicsWorld world, String model, BuoyantLink link, LinkState state, Vec3 gravity) {
        Pose pose = state.pose();
        if (!fluid.graded()) {
            if (link.volume() <= 0) {
                return;
            }
            Vec3 force = gravity.times(-fluid.defaultDensity() * link.volume());
            Vec3 torque = pose.rotation().rotate(link.centreOfVolume()).cross(force);
            world.addLinkWrench(model, link.name(), force, torque, Vec3.ZERO);
            return;
        }
        List<FluidLayers.Push> pushes = new ArrayList<>();
        for (CollisionSpec c : link.collisions()) {
            Optional<SubmergedShape> shape = SubmergedShape.of(c.geometry());
            if (shape.isEmpty()) {
                reportOnce(
                        model + "::" + link.name() + "/" + c.name() + " graded",
                        "Buoyancy: graded buoyancy cannot slice {}, as in Gazebo: it does not float",
                        "collision '" + c.name() + "' (" + BuoyantLink.kind(c.geometry()) + ") of " + model + "::"
                                + link.name());
                continue;
            }
            fluid.addPushes(shape.get(), pose.compose(c.pose()), gravity, pushes);
        }
        if (pushes.isEmpty()) {
            return;
        }
        Vec3 force = Vec3.ZERO;
        Vec3 torque = Vec3.ZERO;
        for (FluidLayers.Push p : pushes) {
            force = force.plus(p.force());
            torque = torque.plus(p.point().minus(pose.position()).cross(p.force()));
        }
        world.addLinkWrench(model, link.name(), force, torque, Vec3.ZERO);
    }

    private void reportOnce(String key, String message) {
        reportOnce(key, message, key);
    }

    private void reportOnce(String key, String message, String argument) {
        if (reported.add(key)) {
            context.logger().warn(message, argument);
        }
    }
}
