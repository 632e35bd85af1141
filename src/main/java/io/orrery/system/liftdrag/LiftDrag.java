package io.orrery.system.liftdrag;

import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * Gazebo's LiftDrag system ({@code gz-sim-lift-drag-system}), a model plugin: every PreUpdate that is not paused,
 * the link {@code <link_name>} (scoped within the model, {@code nested::link} for a nested model's) is pushed by the
 * lift, drag and pitching moment of an {@link Airfoil} at its centre of pressure {@code <cp>}, from the link's
 * velocity there. A {@code <control_joint_name>} adds {@code <control_joint_rad_to_cl>} to the lift coefficient and
 * {@code <cm_delta>} to the moment's per radian of that joint. Gazebo's parameters and defaults throughout. Gazebo
 * subtracts the world's wind from the inflow; this port does not read WindEffects' wind yet, so its air is still. Threads: the runner's.
 */
public final class LiftDrag implements Plugin, PreUpdate {

    /** Gazebo's short name: {@code gz-sim-lift-drag-system}. */
    public static final String SHORT_NAME = "lift-drag";
    /** Gazebo's class name: {@code gz::sim::systems::LiftDrag}. */
    public static final String CLASS_NAME = "LiftDrag";

    private PluginContext context;
    private Airfoil airfoil;
    private String model;
    private String link;
    private Optional<String> controlJoint;
    private boolean found;
    private boolean warnedMissing;

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        String owner = params.model(ctx.owner());
        // a nested model's plugin names its links within the nested model; Orrery scopes links in the top-level one
        int scope = owner.indexOf("::");
        model = scope < 0 ? owner : owner.substring(0, scope);
        String prefix = ctx.scope() + (scope < 0 ? "" : owner.substring(scope + 2) + "::");
        link = prefix
                + params.text("link_name")
                        .orElseThrow(() -> params.bad("needs <link_name>, the link the forces act on"));
        controlJoint = params.text("control_joint_name").map(j -> prefix + j);
        airfoil = new Airfoil(
                params.number("cla", 1.0),
                params.number("cda", 0.01),
                params.number("cma", 0.0),
                params.number("alpha_stall", Math.PI / 2),
                params.number("cla_stall", 0.0),
                params.number("cda_stall", 1.0),
                params.number("cma_stall", 0.0),
                params.number("air_density", 1.2041),
                params.number("area", 1.0),
                params.number("a0", 0.0),
                params.vector("cp", Vec3.ZERO),
                params.vector("forward", new Vec3(1, 0, 0)).normalized(),
                params.vector("upward", Vec3.UNIT_Z).normalized(),
                params.bool("radial_symmetry", false),
                params.bool("reversible", false),
                params.number("control_joint_rad_to_cl", 4.0),
                params.number("cm_delta", 0.0));
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        Optional<LinkState> state = world.model(model).flatMap(m -> m.link(link));
        Optional<JointState> control =
                controlJoint.flatMap(j -> world.model(model).flatMap(m -> m.joint(j)));
        if (state.isEmpty() || (controlJoint.isPresent() && control.isEmpty())) {
            warnMissing(world.model(model));
            return;
        }
        found = true;
        LinkState l = state.get();
        airfoil.wrench(
                        l.pose(),
                        l.velocity().linear(),
                        l.velocity().angular(),
                        Vec3.ZERO,
                        control.map(JointState::position).orElse(0.0))
                .ifPresent(w -> world.addLinkWrench(model, link, w.force(), w.torque(), airfoil.cp()));
    }

    /** Gazebo logs a missing link or joint once and applies nothing; so does Orrery, looking again each step. */
    private void warnMissing(Optional<ModelState> state) {
        if (found || warnedMissing) {
            return;
        }
        warnedMissing = true;
        context.logger()
                .warn(
                        "LiftDrag of model '{}': {} not found; it applies no force until it is",
                        model,
                        state.isEmpty()
                                ? "the model is"
                                : "link '" + link + "'"
                                        + controlJoint
                                                .map(j -> " or joint '" + j + "'")
                                                .orElse(""));
    }
}
