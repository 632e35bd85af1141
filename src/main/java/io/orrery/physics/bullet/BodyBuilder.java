package io.orrery.physics.bullet;

import com.jme3.bullet.collision.PhysicsCollisionObject;
import com.jme3.bullet.joints.Constraint;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Vector3f;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds a top-level model's bodies and joints, with the JBullet engine's rules: mass 1 and inertia 1 when a link
 * gives none, static when the model, a nested static model or a zero mass says so, a plane never moving, nested
 * links and joints named {@code nested::name}.
 */
final class BodyBuilder {

    private static final Logger LOG = System.getLogger(BodyBuilder.class.getName());

    /** Sleep when slower than this (m/s and rad/s) for Bullet's 2 s; the JBullet engine's thresholds. */
    static final float LINEAR_SLEEP_THRESHOLD = 0.02f;
    static final float ANGULAR_SLEEP_THRESHOLD = 0.02f;
    private static final float DEFAULT_INERTIA = 1f;
    /** A shapeless body is alone in this group and collides with no group. */
    private static final int SHAPELESS_GROUP = PhysicsCollisionObject.COLLISION_GROUP_16;

    private BodyBuilder() {
    }

    record Built(ModelBodies model, int offDiagonal) {
    }

    static void logOffDiagonal(WorldSpec spec, int offDiagonal) {
        if (offDiagonal > 0) {
            LOG.log(Level.INFO, "{0}: {1} link(s) give off-diagonal inertia terms; only ixx, iyy and izz are used",
                    spec.source(), offDiagonal);
        }
    }

    static Built build(ModelSpec top) {
        requireFinite(top.pose());
        List<LinkBody> links = new ArrayList<>();
        Map<String, LinkBody> byName = new HashMap<>();
        int[] offDiagonal = {0};
        buildLinks(top, top, "", Pose.IDENTITY, false, !top.allowAutoDisable(), links, byName, offDiagonal);
        List<JointConstraint> joints = new ArrayList<>();
        buildJoints(top, top, "", byName, joints);
        return new Built(new ModelBodies(top, links, joints, canonical(top, "", byName)), offDiagonal[0]);
    }

    /** Makes the body static (mass 0) or gives it back its mass and inertia. */
    static void setMass(LinkBody link, boolean fixed) {
        PhysicsRigidBody body = link.body;
        if (body.isDynamic()) {
            body.setLinearVelocity(new Vector3f());
            body.setAngularVelocity(new Vector3f());
            body.clearForces();
        }
        body.setMass(fixed ? 0 : link.mass);
        if (!fixed) {
            body.setInverseInertiaLocal(link.inverseInertia);
        }
    }

    private static void buildLinks(ModelSpec top, ModelSpec model, String prefix, Pose modelInTop,
            boolean nestedStatic, boolean keepAwake, List<LinkBody> out, Map<String, LinkBody> byName,
            int[] offDiagonal) {
        for (LinkSpec link : model.links()) {
            String name = prefix + link.name();
            String where = "model '" + top.name() + "' link '" + name + "'";
            LinkBody body = buildLink(where, name, link, modelInTop.compose(link.pose()), top, nestedStatic,
                    keepAwake, offDiagonal);
            if (byName.putIfAbsent(name, body) != null) {
                throw new IllegalArgumentException("model '" + top.name() + "': two links named '" + name + "'");
            }
            out.add(body);
        }
        for (ModelSpec nested : model.models()) {
            buildLinks(top, nested, prefix + nested.name() + "::", modelInTop.compose(nested.pose()),
                    nestedStatic || nested.isStatic(), keepAwake || !nested.allowAutoDisable(), out, byName,
                    offDiagonal);
        }
    }

    private static LinkBody buildLink(String where, String name, LinkSpec link, Pose poseInModel, ModelSpec top,
            boolean nestedStatic, boolean keepAwake, int[] offDiagonal) {
        InertialSpec inertial = link.inertial().orElse(null);
        double mass = inertial == null ? 1.0 : inertial.mass();
        if (!(mass >= 0) || !Double.isFinite(mass)) {
            throw new IllegalArgumentException(where + ": expected a mass >= 0, got " + mass);
        }
        Pose comInLink = inertial == null ? Pose.IDENTITY : inertial.pose();
        requireFinite(comInLink);
        boolean massless = mass == 0;
        boolean staticNow = top.isStatic() || nestedStatic || massless;
        ShapeFactory.LinkShape shape = ShapeFactory.build(where, comInLink, link.collisions(), staticNow);
        boolean alwaysStatic = nestedStatic || massless || shape.hasPlane();

        Vector3f inverseInertia = null;
        Optional<InertialSpec.Inertia> given = inertial == null ? Optional.empty() : inertial.inertia();
        if (given.isPresent()) {
            InertialSpec.Inertia i = given.get();
            if (i.ixx() < 0 || i.iyy() < 0 || i.izz() < 0 || !Double.isFinite(i.ixx() + i.iyy() + i.izz())) {
                throw new IllegalArgumentException(where + ": expected ixx, iyy, izz >= 0, got " + i);
            }
            inverseInertia = new Vector3f(inverse(i.ixx()), inverse(i.iyy()), inverse(i.izz()));
            if (i.ixy() != 0 || i.ixz() != 0 || i.iyz() != 0) {
                offDiagonal[0]++;
            }
        } else if (shape.empty() || alwaysStatic) {
            inverseInertia = new Vector3f(1 / DEFAULT_INERTIA, 1 / DEFAULT_INERTIA, 1 / DEFAULT_INERTIA);
        }

        // Built dynamic first when it ever moves, so that Bullet computes the shape's inertia for its mass.
        boolean everDynamic = !alwaysStatic;
        PhysicsRigidBody body = new PhysicsRigidBody(shape.shape(), everDynamic ? (float) mass : 0f);
        if (everDynamic && inverseInertia == null) {
            inverseInertia = body.getInverseInertiaLocal(null);
        }
        if (everDynamic) {
            body.setInverseInertiaLocal(inverseInertia);
            body.setSleepingThresholds(LINEAR_SLEEP_THRESHOLD, ANGULAR_SLEEP_THRESHOLD);
            if (keepAwake) {
                body.setEnableSleep(false);
            }
        }
        Pose start = top.pose().compose(poseInModel).compose(comInLink);
        body.setPhysicsLocation(Convert.vector(start.position()));
        body.setPhysicsRotation(Convert.quaternion(start.rotation()));
        SurfaceMix.Surface surface = new SurfaceMix.Surface((float) shape.surface().friction(),
                (float) shape.surface().restitution());
        body.setFriction(surface.friction());
        body.setRestitution(surface.restitution());
        body.setUserObject(surface); // for mixing without calls back into the native world
        if (shape.empty()) {
            body.setCollisionGroup(SHAPELESS_GROUP);
            body.setCollideWithGroups(PhysicsCollisionObject.COLLISION_GROUP_NONE);
        }
        LinkBody result = new LinkBody(top.name(), name, body, comInLink, poseInModel, (float) mass, inverseInertia,
                alwaysStatic, shape.empty(), keepAwake);
        if (everDynamic && staticNow) {
            setMass(result, true);
        }
        return result;
    }

    private static float inverse(double inertia) {
        return inertia > 0 ? (float) (1 / inertia) : 0f;
    }

    private static void buildJoints(ModelSpec top, ModelSpec model, String prefix, Map<String, LinkBody> byName,
            List<JointConstraint> out) {
        for (JointSpec joint : model.joints()) {
            String name = prefix + joint.name();
            String where = "model '" + top.name() + "' joint '" + name + "'";
            LinkBody child = byName.get(prefix + joint.child());
            boolean toWorld = JointSpec.WORLD.equals(joint.parent());
            LinkBody parent = toWorld ? null : byName.get(prefix + joint.parent());
            if (child == null || (!toWorld && parent == null)) {
                LOG.log(Level.WARNING, "{0}: parent ''{1}'' or child ''{2}'' is not a link of the model; joint skipped",
                        where, joint.parent(), joint.child());
                continue;
            }
            if (parent == child) {
                LOG.log(Level.WARNING, "{0}: parent and child are the same link; joint skipped", where);
                continue;
            }
            Pose frame = JointFactory.frame(where, joint, child.linkPose());
            Pose inParent = toWorld ? frame : parent.comPose().inverse().compose(frame);
            Pose inChild = child.comPose().inverse().compose(frame);
            Constraint constraint = JointFactory.create(where, joint, toWorld ? null : parent.body, inParent,
                    child.body, inChild);
            JointDrive drive = JointConstraint.isActuated(joint.type())
                    ? new JointDrive(joint, toWorld ? null : parent.body, inParent, child.body, inChild)
                    : null;
            out.add(new JointConstraint(name, joint, constraint, parent, child, inParent, inChild, drive));
        }
        for (ModelSpec nested : model.models()) {
            buildJoints(top, nested, prefix + nested.name() + "::", byName, out);
        }
    }

    private static LinkBody canonical(ModelSpec model, String prefix, Map<String, LinkBody> byName) {
        if (model.canonicalLink().isPresent()) {
            return byName.get(prefix + model.canonicalLink().get().name());
        }
        for (ModelSpec nested : model.models()) {
            LinkBody found = canonical(nested, prefix + nested.name() + "::", byName);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    static void requireFinite(Pose pose) {
        if (!pose.position().isFinite() || !Double.isFinite(
                pose.rotation().w() + pose.rotation().x() + pose.rotation().y() + pose.rotation().z())) {
            throw new IllegalArgumentException("expected a finite pose, got " + pose);
        }
    }
}
