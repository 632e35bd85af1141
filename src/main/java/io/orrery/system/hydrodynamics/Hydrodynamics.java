package io.orrery.system.hydrodynamics;

import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.log.LogSafe;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * Gazebo's Hydrodynamics system ({@code gz-sim-hydrodynamics-system}), a model plugin: every PreUpdate that is not
 * paused, the link {@code <link_name>} is pushed by Fossen's added mass, Coriolis and damping forces ({@link
 * Coefficients}) at its velocity relative to the water, in its own frame. The water moves at the ocean current:
 * {@code <default_current>} (world frame, m/s) until a {@code gz.msgs.Vector3d} arrives on {@code /ocean_current}
 * (or {@code /model/<namespace>/ocean_current}). {@code <disable_added_mass>} and {@code <disable_coriolis>} leave
 * those terms out. The body's acceleration is the change of its relative velocity since the last step, as Gazebo
 * estimates it. Gazebo's parameters and defaults throughout; {@code <water_density>} is accepted and, as in Gazebo,
 * unused. Not simulated: the current lookup table ({@code <lookup_current_x|y|z>}), which needs EnvironmentPreload's
 * data (the current is then zero, as in Gazebo without that data), and the Coriolis correction Gazebo adds for a link's
 * {@code <fluid_added_mass>} (Orrery's engines have no fluid added mass). Threads: the runner's.
 */
public final class Hydrodynamics implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-hydrodynamics-system}. */
    public static final String SHORT_NAME = "hydrodynamics";
    /** Gazebo's class name: {@code gz::sim::systems::Hydrodynamics}. */
    public static final String CLASS_NAME = "Hydrodynamics";

    private PluginContext context;
    private String model;
    private String link;
    private Coefficients coefficients;
    private boolean disableCoriolis;
    private boolean disableAddedMass;
    private boolean lookupTable;
    private String currentTopic;
    private Vec3 defaultCurrent;
    private boolean found;
    private boolean warnedMissing;

    // runner thread: the current and the relative velocity of the last step
    private Vec3 current;
    private double[] previous;

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        String owner = params.model(ctx.owner());
        // a nested model's plugin names its link within the nested model; Orrery scopes links in the top-level one
        int scope = owner.indexOf("::");
        model = scope < 0 ? owner : owner.substring(0, scope);
        link = ctx.scope()
                + (scope < 0 ? "" : owner.substring(scope + 2) + "::")
                + params.text("link_name")
                        .orElseThrow(() -> params.bad("needs <link_name>, the link the forces act on"));
        coefficients = Coefficients.of(params);
        disableCoriolis = params.bool("disable_coriolis", false);
        disableAddedMass = params.bool("disable_added_mass", false);
        defaultCurrent = params.vector("default_current", Vec3.ZERO);
        lookupTable =
                params.has("lookup_current_x") || params.has("lookup_current_y") || params.has("lookup_current_z");
        try {
            currentTopic = params.text("namespace")
                    .map(ns -> GazeboTopics.valid("/model/" + ns + "/ocean_current"))
                    .orElse("/ocean_current");
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid current topic: " + e.getMessage());
        }
        warnings(ctx);
        current = defaultCurrent;
    }

    /** Gazebo's warnings at load, and what Orrery leaves out. */
    private void warnings(PluginContext ctx) {
        if (coefficients.legacyQuadratic()) {
            ctx.logger()
                    .warn("Hydrodynamics: <xUU>-style derivatives may make the simulation unstable; Gazebo"
                            + " recommends <xUabsU> and likewise for the other axes");
        }
        if (coefficients.addedMassGiven() && !disableAddedMass) {
            ctx.logger()
                    .warn("Hydrodynamics: added mass from the plugin's parameters is computed from the last step's"
                            + " acceleration and can be numerically unstable, as in Gazebo");
        }
        if (lookupTable) {
            ctx.logger()
                    .warn("Hydrodynamics: <lookup_current_*> needs EnvironmentPreload's data, which Orrery does not"
                            + " simulate: the current is zero, as in Gazebo without that data");
        }
    }

    @Override
    public void start(PluginContext ctx) {
        if (!lookupTable) {
            ctx.topics().subscribe(currentTopic, Vector3d.class, ctx.qualifiedName(), this::onCurrent);
            ctx.logger().info("Hydrodynamics listening to the ocean current on {}", LogSafe.of(currentTopic));
        }
    }

    private void onCurrent(Vector3d m) {
        current = new Vec3(m.getX(), m.getY(), m.getZ());
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        Optional<ModelState> state = world.model(model);
        Optional<LinkState> found = state.flatMap(m -> m.link(link));
        if (found.isEmpty()) {
            warnMissing(state);
            return;
        }
        this.found = true;
        LinkState l = found.get();
        Quat rotation = l.pose().rotation();
        Quat inverse = rotation.conjugate();
        Vec3 water = lookupTable ? Vec3.ZERO : current;
        Vec3 linear = inverse.rotate(l.velocity().linear().minus(water));
        Vec3 angular = inverse.rotate(l.velocity().angular());
        double[] now = {linear.x(), linear.y(), linear.z(), angular.x(), angular.y(), angular.z()};
        if (previous == null) {
            // Gazebo starts from the first velocity it sees, so that the first acceleration is not a spike
            previous = now;
        }
        double dt = info.dtSeconds();
        double[] rate = new double[6];
        for (int i = 0; i < 6; i++) {
            rate[i] = (now[i] - previous[i]) / dt;
        }
        previous = now;
        double[] w = coefficients.wrench(now, rate, !disableAddedMass, !disableCoriolis);
        Vec3 force = rotation.rotate(new Vec3(w[0], w[1], w[2]));
        Vec3 torque = rotation.rotate(new Vec3(w[3], w[4], w[5]));
        if (force.isFinite() && torque.isFinite()) {
            world.addLinkWrench(model, link, force, torque, Vec3.ZERO);
        }
    }

    /** Gazebo logs a missing link once and applies nothing; so does Orrery, looking again each step. */
    private void warnMissing(Optional<ModelState> state) {
        if (found || warnedMissing) {
            return;
        }
        warnedMissing = true;
        context.logger()
                .warn(
                        "Hydrodynamics of model '{}': {} not found; it applies no force until it is",
                        model,
                        state.isEmpty() ? "the model is" : "link '" + link + "'");
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        // Gazebo's reset forgets the last velocity; the current stays as the last message set it
        previous = null;
    }
}
