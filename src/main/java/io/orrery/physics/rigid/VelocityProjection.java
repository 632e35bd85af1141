package io.orrery.physics.rigid;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The velocities a tree of joints allows nearest to the links' own, nearest in kinetic energy: with u the joints'
 * coordinates' speeds (and six for each free root link), J each link's velocity as a function of u, and M the links'
 * masses and inertias, u solves (JᵀMJ) u = JᵀM v. This is the mass-weighted projection onto the joints' free
 * directions: it keeps the links' momentum, it never adds kinetic energy, and it gives every joint exactly one
 * speed along its axis and none across it.
 *
 * @param <L> the engine's link type
 * @param <J> the engine's joint type
 */
final class VelocityProjection<L extends Link, J extends Joint<L>> {

    /** One coordinate's effect on one link: its angular velocity and its centre of mass's velocity per unit speed. */
    private record Column(int dof, Vec3 angular, Vec3 linear) {}

    private final Map<L, List<Column>> columns = new LinkedHashMap<>();
    private final Map<J, Integer> firstDof = new LinkedHashMap<>();
    private final Map<L, J> parentJoint = new LinkedHashMap<>();
    private final Map<L, Pose> poses;
    private final int dofs;
    private final List<J> joints;
    /** JᵀMJ, the joint-space mass matrix, factorised; null when only velocities are asked for. */
    private final Cholesky mass;

    /**
     * @param joints the joints that hold a moving child, every parent's joint before its children's
     * @param poses every link's centre-of-mass pose, on its joints
     * @param moving the links that move
     */
    VelocityProjection(List<J> joints, Map<L, Pose> poses, Iterable<L> moving) {
        this(joints, poses, moving, true);
    }

    /**
     * @param withMass false when only {@link #velocityOf} will be asked: the mass matrix is not built
     */
    VelocityProjection(List<J> joints, Map<L, Pose> poses, Iterable<L> moving, boolean withMass) {
        this.poses = poses;
        this.joints = joints;
        int dofs = 0;
        for (J joint : joints) {
            parentJoint.put(joint.child(), joint);
            firstDof.put(joint, dofs);
            dofs += dofsOf(joint);
        }
        Map<L, Integer> roots = new LinkedHashMap<>();
        for (L link : moving) {
            L root = link;
            while (parentJoint.containsKey(root) && parentJoint.get(root).parent() != null) {
                root = parentJoint.get(root).parent();
            }
            if (!parentJoint.containsKey(root) && root.isDynamic() && !roots.containsKey(root)) {
                roots.put(root, dofs); // a free root: three linear and three angular speeds
                dofs += 6;
            }
        }
        for (L link : moving) {
            columns.put(link, columnsOf(link, poses.get(link).position(), roots));
        }
        this.dofs = dofs;
        if (!withMass) {
            mass = null;
            return;
        }
        double[][] a = new double[dofs][dofs];
        for (Map.Entry<L, List<Column>> entry : columns.entrySet()) {
            L link = entry.getKey();
            List<Column> cols = entry.getValue();
            for (Column col : cols) {
                Vec3 iAngular = inertiaTimes(link, poses.get(link), col.angular());
                for (Column other : cols) {
                    a[other.dof()][col.dof()] += link.mass() * col.linear().dot(other.linear())
                            + other.angular().dot(iAngular);
                }
            }
        }
        mass = new Cholesky(a);
    }

    /** The speeds nearest the links' velocities ({@code [linear, angular]} of each moving link): u of (JᵀMJ) u = JᵀM v. */
    double[] project(Map<L, Vec3[]> velocities) {
        double[] b = new double[dofs];
        for (Map.Entry<L, Vec3[]> entry : velocities.entrySet()) {
            L link = entry.getKey();
            List<Column> cols = columns.get(link);
            if (cols == null) {
                continue;
            }
            Vec3 momentum = entry.getValue()[0].times(link.mass());
            Vec3 spinMomentum = inertiaTimes(link, poses.get(link), entry.getValue()[1]);
            for (Column col : cols) {
                b[col.dof()] += col.linear().dot(momentum) + col.angular().dot(spinMomentum);
            }
        }
        return solve(b);
    }

    /**
     * What the joints' motion alone changes the speeds by in {@code dt} (the Coriolis and centripetal terms a tree of
     * bodies feels, which the engine's step leaves to its constraints): −dt (JᵀMJ)⁻¹ JᵀM c, c being each link's
     * acceleration at zero coordinate acceleration.
     */
    double[] velocityProductChange(double[] speeds, double dt) {
        Map<L, Vec3[]> motion = new LinkedHashMap<>(); // ω, α, a of each link at zero coordinate acceleration
        Map<L, Vec3[]> forces = new LinkedHashMap<>();
        for (J joint : joints) {
            L child = joint.child();
            L parent = joint.parent();
            Vec3[] p = parent == null || !motion.containsKey(parent) ? rootMotion(parent, speeds) : motion.get(parent);
            Pose frame = joint.parent() == null
                    ? joint.inParent()
                    : poses.get(parent).compose(joint.inParent());
            Vec3 pivot = frame.position();
            Vec3 parentCom = parent == null ? pivot : poses.get(parent).position();
            Vec3 com = poses.get(child).position();
            Vec3 w = p[0];
            Vec3 alpha = p[1];
            Vec3 acc = p[2];
            Vec3 cw;
            Vec3 calpha;
            Vec3 cacc;
            int dof = firstDof.get(joint);
            switch (joint.spec().type()) {
                case REVOLUTE, CONTINUOUS, BALL -> {
                    Vec3 relative = Vec3.ZERO;
                    if (joint.spec().type() == io.orrery.world.JointSpec.JointType.BALL) {
                        relative = new Vec3(speeds[dof], speeds[dof + 1], speeds[dof + 2]);
                        calpha = alpha; // the ball's speeds are along fixed world axes
                    } else {
                        relative = frame.rotation().rotate(joint.localAxis()).times(speeds[dof]);
                        calpha = alpha.plus(w.cross(relative));
                    }
                    cw = w.plus(relative);
                    Vec3 up = pivot.minus(parentCom);
                    Vec3 down = com.minus(pivot);
                    cacc = acc.plus(alpha.cross(up))
                            .plus(w.cross(w.cross(up)))
                            .plus(calpha.cross(down))
                            .plus(cw.cross(cw.cross(down)));
                }
                case PRISMATIC -> {
                    Vec3 axis = frame.rotation().rotate(joint.localAxis());
                    Vec3 r = com.minus(parentCom);
                    cw = w;
                    calpha = alpha;
                    cacc = acc.plus(alpha.cross(r))
                            .plus(w.cross(w.cross(r)))
                            .plus(w.cross(axis).times(2 * speeds[dof]));
                }
                default -> {
                    Vec3 r = com.minus(parentCom);
                    cw = w;
                    calpha = alpha;
                    cacc = acc.plus(alpha.cross(r)).plus(w.cross(w.cross(r)));
                }
            }
            motion.put(child, new Vec3[] {cw, calpha, cacc});
            forces.put(child, new Vec3[] {cacc.times(child.mass()), inertiaTimes(child, poses.get(child), calpha)});
        }
        double[] b = new double[dofs];
        for (Map.Entry<L, Vec3[]> entry : forces.entrySet()) {
            List<Column> cols = columns.get(entry.getKey());
            if (cols == null) {
                continue;
            }
            for (Column col : cols) {
                b[col.dof()] -= dt
                        * (col.linear().dot(entry.getValue()[0]) + col.angular().dot(entry.getValue()[1]));
            }
        }
        return solve(b);
    }

    /** A root link's angular velocity, and zero accelerations (its own speeds carry no velocity-product term). */
    private Vec3[] rootMotion(L root, double[] speeds) {
        Vec3 w = Vec3.ZERO;
        if (root != null && columns.containsKey(root)) {
            w = velocityOf(root, speeds)[1];
        }
        return new Vec3[] {w, Vec3.ZERO, Vec3.ZERO};
    }

    /** The joint's coordinate's index, or -1 when it has no single one (fixed and ball joints). */
    int dofOf(J joint) {
        return dofsOf(joint) == 1 ? firstDof.get(joint) : -1;
    }

    /** The number of coordinates. */
    int dofs() {
        return dofs;
    }

    /** How every coordinate's speed answers a unit impulse on coordinate {@code dof}: column {@code dof} of (JᵀMJ)⁻¹. */
    double[] response(int dof) {
        double[] unit = new double[dofs];
        unit[dof] = 1;
        return solve(unit);
    }

    /** The link's linear (at its centre of mass) and angular velocity at these speeds. */
    Vec3[] velocityOf(L link, double[] speeds) {
        Vec3 linear = Vec3.ZERO;
        Vec3 angular = Vec3.ZERO;
        for (Column col : columns.get(link)) {
            linear = linear.plus(col.linear().times(speeds[col.dof()]));
            angular = angular.plus(col.angular().times(speeds[col.dof()]));
        }
        return new Vec3[] {linear, angular};
    }

    private double[] solve(double[] b) {
        return mass.solve(b);
    }

    private static int dofsOf(Joint<?> joint) {
        return switch (joint.spec().type()) {
            case REVOLUTE, CONTINUOUS, PRISMATIC -> 1;
            case BALL -> 3;
            default -> 0;
        };
    }

    /** Every coordinate that moves the link, from its own joint up to its root. */
    private List<Column> columnsOf(L link, Vec3 com, Map<L, Integer> roots) {
        List<Column> result = new ArrayList<>();
        L at = link;
        while (parentJoint.containsKey(at)) {
            J joint = parentJoint.get(at);
            Pose frame = joint.parent() == null
                    ? joint.inParent()
                    : poses.get(joint.parent()).compose(joint.inParent());
            Vec3 pivot = frame.position();
            int dof = firstDof.get(joint);
            switch (joint.spec().type()) {
                case REVOLUTE, CONTINUOUS -> {
                    Vec3 axis = frame.rotation().rotate(joint.localAxis());
                    result.add(new Column(dof, axis, axis.cross(com.minus(pivot))));
                }
                case PRISMATIC ->
                    result.add(new Column(dof, Vec3.ZERO, frame.rotation().rotate(joint.localAxis())));
                case BALL -> {
                    for (int i = 0; i < 3; i++) {
                        Vec3 axis = new Vec3(i == 0 ? 1 : 0, i == 1 ? 1 : 0, i == 2 ? 1 : 0);
                        result.add(new Column(dof + i, axis, axis.cross(com.minus(pivot))));
                    }
                }
                default -> {
                    // fixed: no coordinate of its own
                }
            }
            if (joint.parent() == null) {
                return result;
            }
            at = joint.parent();
        }
        Integer root = roots.get(at);
        if (root != null) {
            Vec3 offset = com.minus(poses.get(at).position());
            for (int i = 0; i < 3; i++) {
                Vec3 axis = new Vec3(i == 0 ? 1 : 0, i == 1 ? 1 : 0, i == 2 ? 1 : 0);
                result.add(new Column(root + i, Vec3.ZERO, axis));
                result.add(new Column(root + 3 + i, axis, axis.cross(offset)));
            }
        }
        return result;
    }

    /** The link's world inertia times {@code w}: R diag(I) Rᵀ w. */
    private static Vec3 inertiaTimes(Link link, Pose pose, Vec3 w) {
        Vec3 local = pose.rotation().conjugate().rotate(w);
        Vec3 i = link.principalInertia();
        return pose.rotation().rotate(new Vec3(i.x() * local.x(), i.y() * local.y(), i.z() * local.z()));
    }
}
