package io.orrery.system.windeffects;

import com.gz.msgs.Vector3dProtos.Vector3d;
import com.gz.msgs.WindProtos.Wind;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginOwner;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.Seeded;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.topic.Publisher;
import io.orrery.world.InertialSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Gazebo's WindEffects system ({@code gz-sim-wind-effects-system}), a world plugin: the world's {@code <wind>}
 * linear velocity is the seed a {@link WindFilter} smooths into the wind each step, and every link whose
 * {@code <enable_wind>} (its own or its model's) is true is pushed at its centre of mass by its mass times
 * {@code <force_approximation_scaling_factor>} (a {@link ScalingField} at the link's origin) times the wind's velocity
 * relative to the link's. A {@code gz.msgs.Wind} on {@code /world/<world>/wind} replaces the seed and turns the wind on
 * or off ({@code enable_wind}); the wind each step goes out on {@code /world/<world>/wind_info}. Gazebo also answers a
 * service of that name with the seed; Orrery's bus has no services. A model's links are found when it is first in the
 * world, loaded or spawned, from its description as given. Threads: the runner's.
 */
public final class WindEffects implements Plugin, PreUpdate, Reset, Seeded {

    /** Gazebo's short name: {@code gz-sim-wind-effects-system}. */
    public static final String SHORT_NAME = "wind-effects";
    /** Gazebo's class name: {@code gz::sim::systems::WindEffects}. */
    public static final String CLASS_NAME = "WindEffects";

    /** A link the wind acts on: its model, its scoped name, its mass and its centre of mass in the link frame. */
    private record Blown(String model, String link, double mass, Vec3 centreOfMass) {}

    /** Each model's links the wind acts on, by model name; found anew when models come or go, and after a reset. */
    private final Map<String, List<Blown>> links = new LinkedHashMap<>();

    private final Set<String> unknown = new HashSet<>();
    private boolean linksKnown;
    private PluginContext context;
    private WindFilter filter;
    private ScalingField scaling;
    private Vec3 fileSeed = Vec3.ZERO;
    private Vec3 seed;
    private boolean enabled;
    private Optional<Wind> command = Optional.empty();
    private Publisher<Wind> info;

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        if (!(ctx.owner() instanceof PluginOwner.World)) {
            throw params.bad("must be attached to the world (declared in <world>), not to " + ctx.owner());
        }
        List<SdfElement> parameters = ctx.spec().parameters();
        Optional<SdfElement> horizontal = child(parameters, "horizontal");
        Optional<SdfElement> magnitude = horizontal.flatMap(h -> h.child("magnitude"));
        Optional<SdfElement> direction = horizontal.flatMap(h -> h.child("direction"));
        Optional<SdfElement> vertical = child(parameters, "vertical");
        filter = new WindFilter(
                riseTime(magnitude, params, "<horizontal><magnitude>"),
                number(magnitude.flatMap(m -> m.child("sin")), "amplitude_percent", 0.0, params),
                number(magnitude.flatMap(m -> m.child("sin")), "period", 1.0, params),
                riseTime(direction, params, "<horizontal><direction>"),
                number(direction.flatMap(m -> m.child("sin")), "amplitude", 0.0, params),
                number(direction.flatMap(m -> m.child("sin")), "period", 1.0, params),
                riseTime(vertical, params, "<vertical>"),
                noise(magnitude, "<horizontal><magnitude>", params),
                noise(direction, "<horizontal><direction>", params),
                noise(vertical, "<vertical>", params));
        scaling = child(parameters, "force_approximation_scaling_factor")
                .map(e -> ScalingField.read(e, params::bad))
                .orElseGet(ScalingField::one);
        if (scaling.minimum() < 0) {
            throw params.bad("<force_approximation_scaling_factor> must never be negative");
        }
        context = ctx;
        fileSeed = ctx.wind();
        seed = fileSeed;
        enabled = true;
        String base = "/world/" + ctx.snapshot().world();
        ctx.topics().subscribe(base + "/wind", Wind.class, ctx.qualifiedName(), w -> command = Optional.of(w));
        info = ctx.topics().advertise(base + "/wind_info", Wind.class, ctx.qualifiedName());
    }

    private List<Blown> linksOf(String model) {
        Optional<ModelSpec> spec = context.modelSpec(model);
        if (spec.isEmpty()) {
            if (unknown.add(model)) {
                context.logger()
                        .warn(
                                "WindEffects: the description of model '{}' is not at hand; the wind does not blow it",
                                model);
            }
            return List.of();
        }
        List<Blown> blown = new ArrayList<>();
        collect(model, "", spec.get(), blown);
        return blown;
    }

    private static void collect(String model, String scope, ModelSpec spec, List<Blown> into) {
        for (LinkSpec l : spec.links()) {
            if (l.enableWind()) {
                InertialSpec inertial = l.inertial().orElse(null);
                // SDF's default inertial: 1 kg at the link's origin
                double mass = inertial == null ? 1.0 : inertial.mass();
                Vec3 com = inertial == null ? Vec3.ZERO : inertial.pose().position();
                into.add(new Blown(model, scope + l.name(), mass, com));
            }
        }
        for (ModelSpec nested : spec.models()) {
            collect(model, scope + nested.name() + "::", nested, into);
        }
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        // Gazebo takes a command even while paused
        command.ifPresent(w -> {
            seed = new Vec3(
                    w.getLinearVelocity().getX(),
                    w.getLinearVelocity().getY(),
                    w.getLinearVelocity().getZ());
            enabled = w.getEnableWind();
        });
        command = Optional.empty();
        if (info.paused() || !enabled) {
            return;
        }
        Vec3 wind = filter.step(seed, info.dtNanos() / 1e9, info.simTimeNanos() / 1e9);
        this.info.publish(Wind.newBuilder()
                .setLinearVelocity(
                        Vector3d.newBuilder().setX(wind.x()).setY(wind.y()).setZ(wind.z()))
                .build());
        if (!linksKnown) {
            links.clear();
            for (String model : world.modelNames()) {
                links.put(model, linksOf(model));
            }
            linksKnown = true;
        }
        for (List<Blown> model : links.values()) {
            for (Blown b : model) {
                blow(world, wind, b);
            }
        }
    }

    private void blow(PhysicsWorld world, Vec3 wind, Blown b) {
        Optional<LinkState> state = world.model(b.model).flatMap(m -> m.link(b.link));
        if (state.isEmpty()) {
            return;
        }
        LinkState l = state.get();
        double factor = scaling.at(l.pose().position());
        if (Double.isNaN(factor)) {
            factor = 0.0; // outside every piece: no wind there
        }
        Vec3 force = wind.minus(l.velocity().linear()).times(b.mass * factor);
        world.addLinkWrench(b.model, b.link, force, Vec3.ZERO, b.centreOfMass);
    }

    @Override
    public void onEvent(PluginEvent event) {
        if (event instanceof PluginEvent.ModelAdded || event instanceof PluginEvent.ModelRemoved) {
            linksKnown = false;
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        // a reset brings back removed models and drops spawned ones
        linksKnown = false;
        seed = fileSeed;
        enabled = true;
        command = Optional.empty();
        filter.restart();
    }

    @Override
    public void seed(long runSeed) {
        // one stream each, apart
        SplittableRandom streams = new SplittableRandom(runSeed);
        filter.seed(streams.nextLong(), streams.nextLong(), streams.nextLong());
    }

    private static Optional<SdfElement> child(List<SdfElement> parameters, String name) {
        return parameters.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** A {@code <time_for_rise>} (1 s when absent); Gazebo refuses one of zero, as a filter that never rises. */
    /** The {@code <noise>} under {@code parent}, seeded when the run seeds the system; a bad one names the plugin. */
    private static Noise noise(Optional<SdfElement> parent, String where, GazeboParameters params) {
        try {
            return Noise.under(parent, 0, where);
        } catch (IllegalArgumentException e) {
            throw params.bad(e.getMessage());
        }
    }

    private static double riseTime(Optional<SdfElement> parent, GazeboParameters params, String where) {
        double t = number(parent, "time_for_rise", 1.0, params);
        if (Math.abs(t) < 1e-6) {
            throw params.bad(where + "<time_for_rise> must be greater than 0, got " + t);
        }
        return t;
    }

    private static double number(Optional<SdfElement> parent, String name, double fallback, GazeboParameters params) {
        Optional<String> text = parent.flatMap(p -> p.child(name))
                .map(SdfElement::text)
                .map(String::trim)
                .filter(t -> !t.isEmpty());
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            double v = Double.parseDouble(text.get());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw params.bad(name, "a finite number", "'" + text.get() + "'");
    }
}
