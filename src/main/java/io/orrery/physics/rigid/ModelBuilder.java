package io.orrery.physics.rigid;

import io.orrery.log.LogSafe;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds a top-level model's links and joints with the rules both engines share: mass 1 when a link gives no
 * inertial, static when the model, a nested static model or a zero mass says so, nested links and joints named
 * {@code nested::name}, a joint whose links are missing skipped with a warning. The engine makes the bodies and
 * constraints.
 *
 * @param <L> the engine's link type
 * @param <J> the engine's joint type
 */
final class ModelBuilder<L extends Link, J extends Joint<L>> {

    private static final Logger LOG = System.getLogger(ModelBuilder.class.getName());
    private static final InertialSpec.Inertia DEFAULT_TENSOR = new InertialSpec.Inertia(
            LinkPlan.DEFAULT_INERTIA, 0, 0, LinkPlan.DEFAULT_INERTIA, 0, LinkPlan.DEFAULT_INERTIA);

    private final Function<LinkPlan, L> makeLink;
    private final Function<JointFrame.Placed<L>, J> makeJoint;
    private final ModelSpec top;
    private final String engine;
    private final List<L> links = new ArrayList<>();
    private final Map<String, L> byName = new HashMap<>();
    private final List<J> joints = new ArrayList<>();
    /** Scoped names of the links a fixed joint holds to the world: static bodies, exactly where they are. */
    private final Set<String> worldFixed = new HashSet<>();

    private int offDiagonal;

    private ModelBuilder(
            Function<LinkPlan, L> makeLink, Function<JointFrame.Placed<L>, J> makeJoint, ModelSpec top, String engine) {
        this.engine = engine;
        this.makeLink = makeLink;
        this.makeJoint = makeJoint;
        this.top = top;
    }

    /** The model built, and how many of its links give off-diagonal inertia terms. */
    record Built<L extends Link, J extends Joint<L>>(Model<L, J> model, int offDiagonal) {}

    /**
     * @param makeLink makes a link's body, placed at {@link LinkPlan#startPose()}, static when
     *     {@link LinkPlan#staticNow()}
     * @param makeJoint makes a joint's constraint between its links' bodies as they are placed then
     * @param top the top-level model
     * @param engine the engine's name, for messages
     * @param staticCarriers true when a link fixed to the world is built static even when a moving joint hangs on it
     *     (the engine's joints are exact against a static parent)
     */
    static <L extends Link, J extends Joint<L>> Built<L, J> build(
            Function<LinkPlan, L> makeLink,
            Function<JointFrame.Placed<L>, J> makeJoint,
            ModelSpec top,
            String engine,
            boolean staticCarriers) {
        Arguments.requireFinite(top.pose());
        ModelBuilder<L, J> builder = new ModelBuilder<>(makeLink, makeJoint, top, engine);
        builder.findWorldFixed(top, staticCarriers);
        builder.buildLinks(top, "", Pose.IDENTITY, false, !top.allowAutoDisable());
        builder.buildJoints(top, "");
        Model<L, J> model = new Model<>(top, builder.links, builder.joints, builder.canonical(top, ""));
        return new Built<>(model, builder.offDiagonal);
    }

    /**
     * A link a fixed joint holds to the world never moves (Gazebo leaves it where it is whatever overlaps it): it is
     * built static, as a link of a nested static model is, and so is every link fixed to such a link; their fixed
     * joints then join nothing that moves and are not added. Where the engine's hinges are not exact against a static
     * parent ({@code staticCarriers} false), a link that carries a moving joint stays a body held by its joint.
     */
    private void findWorldFixed(ModelSpec top, boolean staticCarriers) {
        List<String[]> fixed = new ArrayList<>();
        Set<String> carriers = new HashSet<>();
        jointsOf(top, "", fixed, carriers);
        if (staticCarriers) {
            carriers.clear();
        }
        worldFixed.add(JointSpec.WORLD);
        boolean grew = true;
        while (grew) {
            grew = false;
            for (String[] joint : fixed) {
                if (worldFixed.contains(joint[0]) && !carriers.contains(joint[1]) && worldFixed.add(joint[1])) {
                    grew = true;
                }
            }
        }
        worldFixed.remove(JointSpec.WORLD);
    }

    /**
     * The fixed joints of the model and its nested models, as scoped parent and child names, and the links that are
     * the parent of a joint that moves.
     */
    private static void jointsOf(ModelSpec model, String prefix, List<String[]> fixed, Set<String> carriers) {
        for (JointSpec joint : model.joints()) {
            String parent = JointSpec.WORLD.equals(joint.parent()) ? JointSpec.WORLD : prefix + joint.parent();
            if (joint.type() == JointSpec.JointType.FIXED) {
                fixed.add(new String[] {parent, prefix + joint.child()});
            } else {
                carriers.add(parent);
            }
        }
        for (ModelSpec nested : model.models()) {
            jointsOf(nested, prefix + nested.name() + "::", fixed, carriers);
        }
    }

    private void buildLinks(ModelSpec model, String prefix, Pose modelInTop, boolean nestedStatic, boolean keepAwake) {
        for (LinkSpec link : model.links()) {
            String name = prefix + link.name();
            String where = "model '" + top.name() + "' link '" + name + "'";
            L body = buildLink(
                    where,
                    name,
                    link,
                    modelInTop.compose(link.pose()),
                    nestedStatic || worldFixed.contains(name),
                    keepAwake);
            if (byName.putIfAbsent(name, body) != null) {
                throw new IllegalArgumentException("model '" + top.name() + "': two links named '" + name + "'");
            }
            links.add(body);
        }
        for (LinkSpec link : model.links()) {
            frictionFrame(byName.get(prefix + link.name()), prefix);
        }
        for (ModelSpec nested : model.models()) {
            buildLinks(
                    nested,
                    prefix + nested.name() + "::",
                    modelInTop.compose(nested.pose()),
                    nestedStatic || nested.isStatic(),
                    keepAwake || !nested.allowAutoDisable());
        }
    }

    /**
     * Where the link's first friction direction turns with: its collision, or the link {@code gz:expressed_in} names
     * in the same model. A name that is no link there is warned about and the collision frame used, as Gazebo's DART
     * plugin falls back (it takes only links).
     */
    private void frictionFrame(L link, String prefix) {
        SurfaceSpec surface = link.surface();
        if (surface.fdir1().equals(Vec3.ZERO)) {
            return;
        }
        String frame = surface.fdir1Frame();
        L carrier = frame.isEmpty() ? link : byName.get(prefix + frame);
        if (carrier == null) {
            LOG.log(
                    Level.WARNING,
                    "model ''{0}'' link ''{1}'': fdir1 is expressed in ''{2}'', which is no link of the model; the"
                            + " collision frame is used",
                    LogSafe.of(top.name()),
                    LogSafe.of(link.name()),
                    LogSafe.of(frame));
            carrier = link;
        }
        link.frictionFrame(carrier, surface.fdir1());
    }

    private L buildLink(
            String where, String name, LinkSpec link, Pose poseInModel, boolean nestedStatic, boolean keepAwake) {
        InertialSpec inertial = link.inertial().orElse(null);
        double mass = inertial == null ? 1.0 : inertial.mass();
        if (!(mass >= 0) || !Double.isFinite(mass)) {
            throw new IllegalArgumentException(where + ": expected a mass >= 0, got " + mass);
        }
        Pose comInLink = inertial == null ? Pose.IDENTITY : inertial.pose();
        Arguments.requireFinite(comInLink);
        // SDF's default tensor when none is given, as Gazebo takes it; products of inertia turn the body frame
        InertialSpec.Inertia tensor =
                link.inertial().flatMap(InertialSpec::inertia).orElse(DEFAULT_TENSOR);
        Vec3 principal = new Vec3(tensor.ixx(), tensor.iyy(), tensor.izz());
        if (PrincipalInertia.hasProducts(tensor)) {
            PrincipalInertia turned = PrincipalInertia.of(tensor);
            principal = turned.moments();
            comInLink = comInLink.compose(new Pose(Vec3.ZERO, turned.rotation()));
            offDiagonal++;
        }
        LinkPlan plan =
                new LinkPlan(where, name, link, top, poseInModel, nestedStatic, keepAwake, mass, comInLink, principal);
        return makeLink.apply(plan);
    }

    private void buildJoints(ModelSpec model, String prefix) {
        for (JointSpec joint : model.joints()) {
            String name = prefix + joint.name();
            String where = "model '" + top.name() + "' joint '" + name + "'";
            L child = byName.get(prefix + joint.child());
            boolean toWorld = JointSpec.WORLD.equals(joint.parent());
            L parent = toWorld ? null : byName.get(prefix + joint.parent());
            if (child == null || (!toWorld && parent == null)) {
                LOG.log(
                        Level.WARNING,
                        "{0}: parent ''{1}'' or child ''{2}'' is not a link of the model; joint skipped",
                        LogSafe.of(where),
                        LogSafe.of(joint.parent()),
                        LogSafe.of(joint.child()));
                continue;
            }
            if (parent == child) {
                LOG.log(Level.WARNING, "{0}: parent and child are the same link; joint skipped", LogSafe.of(where));
                continue;
            }
            Pose frame = JointFrame.frame(where, joint, child.linkPose());
            Pose inParent = toWorld ? frame : parent.comPose().inverse().compose(frame);
            Pose inChild = child.comPose().inverse().compose(frame);
            L reference = null;
            if (joint.type() == JointSpec.JointType.GEARBOX && !JointSpec.WORLD.equals(joint.gearboxReference())) {
                reference = byName.get(prefix + joint.gearboxReference());
                if (reference == null) {
                    throw new IllegalArgumentException(where + ": gearbox_reference_body '" + joint.gearboxReference()
                            + "' is not a link of the model");
                }
            }
            joints.add(makeJoint.apply(
                    new JointFrame.Placed<>(where, name, joint, parent, child, inParent, inChild, reference)));
        }
        for (ModelSpec nested : model.models()) {
            buildJoints(nested, prefix + nested.name() + "::");
        }
    }

    /** The model's canonical link: its first link, else the first nested model's canonical link. */
    private L canonical(ModelSpec model, String prefix) {
        if (model.canonicalLink().isPresent()) {
            return byName.get(prefix + model.canonicalLink().get().name());
        }
        for (ModelSpec nested : model.models()) {
            L found = canonical(nested, prefix + nested.name() + "::");
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
