package io.orrery.system.wheelslip;

import io.orrery.physics.JointState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SlipCompliance;
import io.orrery.plugin.Components;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboComponents;
import io.orrery.system.gazebo.GazeboComponents.WheelSlipCmd;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's WheelSlip system ({@code gz-sim-wheel-slip-system}), a model plugin: each {@code <wheel link_name>}'s
 * contacts slip as ODE's force-dependent slip, with the slips (m/s/N) scaled from the unitless compliances each step
 * as Gazebo does, {@code slip = wheel_radius × |spin velocity| / wheel_normal_force × compliance}, lateral along the
 * spin joint's axis and longitudinal along the rolling direction. The wheel's friction coefficient is 1, as Gazebo's
 * WheelSlip sets it (Gazebo lets its parameter registry change it; Orrery has no such registry). A
 * {@link GazeboComponents#WHEEL_SLIP_CMD} on the wheel link (a LookupWheelSlip's) replaces its compliances.
 *
 * <pre>{@code
 * <plugin filename="gz-sim-wheel-slip-system" name="gz::sim::systems::WheelSlip">
 *   <wheel link_name="wheel_rear_left">
 *     <slip_compliance_lateral>1</slip_compliance_lateral>
 *     <slip_compliance_longitudinal>1</slip_compliance_longitudinal>
 *     <wheel_normal_force>32</wheel_normal_force>
 *     <wheel_radius>0.15</wheel_radius>
 *   </wheel>
 * </plugin>
 * }</pre>
 *
 * The physics must be able to slip (Bullet); on an engine that cannot, the wheels keep ordinary friction and one
 * warning says so. Threads: the runner's.
 */
public final class WheelSlip implements Plugin, PreUpdate {

    /** Gazebo's short name: {@code gz-sim-wheel-slip-system}. */
    public static final String SHORT_NAME = "wheel-slip";
    /** Gazebo's class name: {@code gz::sim::systems::WheelSlip}. */
    public static final String CLASS_NAME = "WheelSlip";

    /** Gazebo's friction coefficient for a wheel's contacts (its {@code friction_coefficient_primary} parameter). */
    static final double FRICTION = 1.0;

    /** One wheel: its link and spin joint (scoped), its spin axis in the link frame, and its parameters. */
    private static final class Wheel {
        final String link;
        final String joint;
        final Vec3 axis;
        final double radius;
        final double normalForce;
        double lateral;
        double longitudinal;

        Wheel(String link, String joint, Vec3 axis, double radius, double normalForce, double lat, double lon) {
            this.link = link;
            this.joint = joint;
            this.axis = axis;
            this.radius = radius;
            this.normalForce = normalForce;
            this.lateral = lat;
            this.longitudinal = lon;
        }
    }

    private final List<Wheel> wheels = new ArrayList<>();
    private String model;
    private PluginContext context;
    private boolean initialized;
    private boolean unsupported;

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        DeclaringModel declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        context = ctx;
        ModelSpec spec = declaring
                .spec()
                .orElseThrow(() -> params.bad("the description of model '" + declaring.name() + "' is not at hand"));
        List<SdfElement> elements = ctx.spec().parameters().stream()
                .filter(e -> e.name().equals("wheel"))
                .toList();
        if (elements.isEmpty()) {
            throw params.bad("needs at least one <wheel link_name=\"...\">");
        }
        for (SdfElement e : elements) {
            wheels.add(wheel(e, spec, declaring, params));
        }
    }

    private static Wheel wheel(SdfElement e, ModelSpec spec, DeclaringModel declaring, GazeboParameters params) {
        String name = e.attributes().get("link_name");
        if (name == null || name.isBlank()) {
            throw params.bad("a <wheel> has no link_name attribute");
        }
        String where = "<wheel link_name=\"" + name + "\">";
        LinkSpec link = spec.links().stream()
                .filter(l -> l.name().equals(name))
                .findFirst()
                .orElseThrow(() -> params.bad(where + ": model '" + spec.name() + "' has no link '" + name + "'"));
        if (link.collisions().size() != 1) {
            throw params.bad(where + ": the link must have exactly 1 collision, it has "
                    + link.collisions().size());
        }
        List<JointSpec> joints =
                spec.joints().stream().filter(j -> j.child().equals(name)).toList();
        if (joints.size() != 1) {
            throw params.bad(where + ": the link must be the child of exactly 1 joint, it is of " + joints.size());
        }
        JointSpec joint = joints.get(0);
        double lateral = number(e, "slip_compliance_lateral", 0, where, params);
        double longitudinal = number(e, "slip_compliance_longitudinal", 0, where, params);
        double normalForce = number(e, "wheel_normal_force", 0, where, params);
        double radius = number(e, "wheel_radius", 0, where, params);
        if (lateral < 0 || longitudinal < 0) {
            throw params.bad(where + ": slip compliances must not be negative");
        }
        if (!(radius > 0)) {
            throw params.bad(where + ": <wheel_radius> must be positive, got " + radius);
        }
        if (!(normalForce > 0)) {
            throw params.bad(where + ": <wheel_normal_force> must be positive, got " + normalForce);
        }
        // the joint frame sits in the child link's frame: the spin axis in the wheel's frame
        Vec3 axis = joint.pose().rotation().rotate(joint.axis()).normalized();
        return new Wheel(
                declaring.scoped(name),
                declaring.scoped(joint.name()),
                axis,
                radius,
                normalForce,
                lateral,
                longitudinal);
    }

    private static double number(SdfElement e, String child, double fallback, String where, GazeboParameters p) {
        Optional<SdfElement> c = e.child(child);
        if (c.isEmpty()) {
            return fallback;
        }
        try {
            double v = Double.parseDouble(c.get().text().trim());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw p.bad(where + " <" + child + ">", "a finite number", c.get().text());
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (!initialized) {
            initialized = true; // as Gazebo, whose first PreUpdate only makes the components it reads
            return;
        }
        if (info.paused() || unsupported) {
            return;
        }
        Components components = context.components();
        for (Wheel w : wheels) {
            String entity = model + "::" + w.link;
            Optional<WheelSlipCmd> cmd = components.get(entity, GazeboComponents.WHEEL_SLIP_CMD);
            if (cmd.isPresent()) {
                w.lateral = cmd.get().lateral();
                w.longitudinal = cmd.get().longitudinal();
                components.remove(entity, GazeboComponents.WHEEL_SLIP_CMD);
            }
            Optional<JointState> joint = world.joint(model, w.joint);
            if (joint.isEmpty()) {
                continue;
            }
            // Gazebo's scaling: the linear speed of the rim over the expected normal force
            double speed = w.radius * Math.abs(joint.get().velocity());
            SlipCompliance slip = new SlipCompliance(
                    w.axis, speed / w.normalForce * w.lateral, speed / w.normalForce * w.longitudinal, FRICTION);
            try {
                world.setSlipCompliance(model, w.link, slip);
            } catch (UnsupportedOperationException e) {
                unsupported = true;
                context.logger()
                        .warn(
                                "WheelSlip: {}; the wheels of model '{}' keep ordinary friction (docs/systems-and-sensors.md)",
                                e.getMessage(),
                                model);
                return;
            }
        }
    }
}
