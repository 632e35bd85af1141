package io.orrery.device.forcetorque;

import io.orrery.physics.ContactPoint;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The wrench a joint transmits from its parent to its child, by Newton–Euler over the links on the child's side:
 * neither engine reports a joint's full constraint wrench (Libbulletjme gives one scalar per constraint, JBullet none),
 * so it is what is left of the subtree's change of momentum over the last step once gravity and the contacts with
 * bodies outside the subtree are taken out. Force in the world frame; torque about the joint's origin, world frame.
 *
 * <p>What it cannot separate, it counts as the joint's: wrenches other systems add to the subtree's links, and forces
 * of a second path to the parent (a kinematic loop, or a joint made while the world runs).
 */
final class SubtreeWrench {

    /** One link on the child's side: its mass properties and its momentum after the last step. */
    private static final class Part {
        final String name;
        final double mass;
        final Pose com;
        /** Inertia about the centre of mass, in the centre-of-mass frame; zeros when the SDF gives none. */
        final double[] inertia;

        Vec3 momentum;
        Vec3 angularMomentum;

        Part(String name, double mass, Pose com, double[] inertia) {
            this.name = name;
            this.mass = mass;
            this.com = com;
            this.inertia = inertia;
        }
    }

    private final String model;
    private final Map<String, Part> parts = new LinkedHashMap<>();
    private final Vec3 gravity;
    private Vec3 force = Vec3.ZERO;
    private Vec3 torque = Vec3.ZERO;

    /**
     * @param top the top-level model the joint is in
     * @param joint the joint's name scoped within {@code top}
     * @param child its child link scoped the same way
     */
    SubtreeWrench(ModelSpec top, String joint, String child, Vec3 gravity) {
        this.model = top.name();
        this.gravity = gravity;
        Map<String, LinkSpec> links = new LinkedHashMap<>();
        List<String[]> edges = new ArrayList<>();
        collect(top, "", links, edges, joint);
        Deque<String> open = new ArrayDeque<>(List.of(child));
        Set<String> seen = new java.util.HashSet<>(open);
        while (!open.isEmpty()) {
            String name = open.pop();
            LinkSpec link = links.get(name);
            if (link != null) {
                parts.put(name, part(name, link));
            }
            for (String[] edge : edges) {
                String next = edge[0].equals(name) ? edge[1] : edge[1].equals(name) ? edge[0] : null;
                if (next != null && !next.equals(JointSpec.WORLD) && seen.add(next)) {
                    open.push(next);
                }
            }
        }
    }

    /** The links and the joints (but {@code skip}) of the model and its nested models, names scoped. */
    private static void collect(
            ModelSpec model, String prefix, Map<String, LinkSpec> links, List<String[]> edges, String skip) {
        for (LinkSpec link : model.links()) {
            links.put(prefix + link.name(), link);
        }
        for (JointSpec joint : model.joints()) {
            if (!(prefix + joint.name()).equals(skip)) {
                String parent = joint.parent().equals(JointSpec.WORLD) ? JointSpec.WORLD : prefix + joint.parent();
                edges.add(new String[] {parent, prefix + joint.child()});
            }
        }
        for (ModelSpec nested : model.models()) {
            collect(nested, prefix + nested.name() + "::", links, edges, skip);
        }
    }

    private static Part part(String name, LinkSpec link) {
        // SDF's default inertial: 1 kg at the link origin
        InertialSpec inertial = link.inertial().orElse(new InertialSpec(1, Pose.IDENTITY, java.util.Optional.empty()));
        double[] inertia = inertial.inertia()
                .map(i -> new double[] {i.ixx(), i.ixy(), i.ixz(), i.iyy(), i.iyz(), i.izz()})
                .orElse(new double[6]);
        return new Part(name, inertial.mass(), inertial.pose(), inertia);
    }

    /** The scoped names of the links on the child's side, the child first. */
    List<String> links() {
        return List.copyOf(parts.keySet());
    }

    /** Forgets the last step's momenta: the next update takes the subtree as at rest before it. */
    void restart() {
        for (Part p : parts.values()) {
            p.momentum = null;
            p.angularMomentum = null;
        }
        force = Vec3.ZERO;
        torque = Vec3.ZERO;
    }

    /**
     * The wrench over the step of {@code dt} s that just ended, about {@code origin} (the joint's origin now);
     * {@code contacts} lists each subtree link's contact points.
     */
    void update(ModelState state, Map<String, List<ContactPoint>> contacts, Vec3 origin, double dt) {
        Vec3 f = Vec3.ZERO;
        Vec3 t = Vec3.ZERO;
        for (Part p : parts.values()) {
            LinkState link = state.link(p.name).orElse(null);
            if (link == null) {
                continue;
            }
            Pose com = link.pose().compose(p.com);
            Vec3 c = com.position();
            Vec3 w = link.velocity().angular();
            Vec3 v = link.velocity().linear().plus(w.cross(c.minus(link.pose().position())));
            Vec3 momentum = v.times(p.mass);
            Vec3 angular = worldInertiaTimes(com.rotation(), p.inertia, w);
            Vec3 arm = c.minus(origin);
            if (p.momentum != null && dt > 0) {
                // m·Δv/dt and ΔL/dt: what all forces on the link did over the step
                Vec3 dp = momentum.minus(p.momentum).times(1 / dt);
                f = f.plus(dp);
                t = t.plus(angular.minus(p.angularMomentum).times(1 / dt)).plus(arm.cross(dp));
            }
            p.momentum = momentum;
            p.angularMomentum = angular;
            Vec3 weight = gravity.times(p.mass);
            f = f.minus(weight);
            t = t.minus(arm.cross(weight));
            for (ContactPoint contact : contacts.getOrDefault(p.name, List.of())) {
                if (contact.otherModel().equals(model) && parts.containsKey(contact.otherLink())) {
                    continue; // inside the subtree: the pair cancels
                }
                f = f.minus(contact.force());
                t = t.minus(contact.position().minus(origin).cross(contact.force()));
            }
        }

        force = f;
        torque = t;
    }

    /** The force on the child's side from the parent, world frame, N. */
    Vec3 force() {
        return force;
    }

    /** The torque on the child's side from the parent about the joint's origin, world frame, N·m. */
    Vec3 torque() {
        return torque;
    }

    /** R·I·Rᵀ·ω: the inertia given in the frame rotated by {@code r}, times a world-frame vector. */
    private static Vec3 worldInertiaTimes(Quat r, double[] i, Vec3 w) {
        Vec3 local = r.conjugate().rotate(w);
        Vec3 product = new Vec3(
                i[0] * local.x() + i[1] * local.y() + i[2] * local.z(),
                i[1] * local.x() + i[3] * local.y() + i[4] * local.z(),
                i[2] * local.x() + i[4] * local.y() + i[5] * local.z());
        return r.rotate(product);
    }
}
