package io.orrery.physics.rigid;

import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;

/**
 * An {@link Articulation}'s kinematics at one configuration, in the world frame: where each body's centre of mass is
 * and how it moves, where each joint acts, and from those the joint-space inertia, momentum and velocity-product
 * terms. Body 0 is the tree's root (the world when it has none); body {@code i + 1} is joint {@code i}'s child.
 */
final class TreeKinematics {

    private static final Vec3[] UNIT = {new Vec3(1, 0, 0), new Vec3(0, 1, 0), new Vec3(0, 0, 1)};

    private final Pose[] com;
    private final Vec3[] v;
    private final Vec3[] w;
    private final double[] mass;
    private final Vec3[] inertia;
    /** Per joint: where it acts, and its axes in the world (one for a hinge or slider, three for a ball). */
    private final Vec3[] origin;
    private final Vec3[][] axes;

    TreeKinematics(int joints) {
        com = new Pose[joints + 1];
        v = new Vec3[joints + 1];
        w = new Vec3[joints + 1];
        mass = new double[joints + 1];
        inertia = new Vec3[joints + 1];
        origin = new Vec3[joints];
        axes = new Vec3[joints][];
    }

    Pose com(int body) {
        return com[body];
    }

    Vec3 linear(int body) {
        return v[body];
    }

    Vec3 angular(int body) {
        return w[body];
    }

    /** Forward kinematics: poses and velocities of every body from the root's pose and the joint state. */
    <L extends Link, J extends Joint<L>> void at(Articulation<L, J> tree, Pose rootPose, double[] q, Quat[] ball,
            double[] qd) {
        L root = tree.root();
        com[0] = root == null ? Pose.IDENTITY : rootPose;
        if (tree.freeRoot()) {
            v[0] = new Vec3(qd[0], qd[1], qd[2]);
            w[0] = new Vec3(qd[3], qd[4], qd[5]);
            mass[0] = root.mass();
            inertia[0] = root.principalInertia();
        } else {
            v[0] = Vec3.ZERO;
            w[0] = Vec3.ZERO;
        }
        for (int i = 0; i < tree.size(); i++) {
            J joint = tree.joints().get(i);
            int p = tree.parentOf(i) + 1;
            Pose frame = com[p].compose(joint.inParent());
            Pose motion;
            if (tree.isBall(i)) {
                motion = new Pose(Vec3.ZERO, ball[i]);
            } else if (tree.dofCount(i) == 0) {
                motion = Pose.IDENTITY;
            } else if (tree.isSlider(i)) {
                motion = new Pose(joint.localAxis().times(q[i]), Quat.IDENTITY);
            } else {
                motion = new Pose(Vec3.ZERO, Quat.fromAxisAngle(joint.localAxis(), q[i]));
            }
            int b = i + 1;
            com[b] = frame.compose(motion).compose(joint.inChild().inverse());
            mass[b] = joint.child().mass();
            inertia[b] = joint.child().principalInertia();
            origin[i] = frame.position();
            if (tree.isBall(i)) {
                axes[i] = new Vec3[] {frame.rotation().rotate(UNIT[0]), frame.rotation().rotate(UNIT[1]),
                    frame.rotation().rotate(UNIT[2])};
            } else {
                axes[i] = tree.dofCount(i) == 0 ? new Vec3[0]
                        : new Vec3[] {frame.rotation().rotate(joint.localAxis())};
            }
            Vec3 jointW = Vec3.ZERO;
            Vec3 jointV = Vec3.ZERO;
            int d = tree.firstDof(i);
            Vec3 arm = com[b].position().minus(origin[i]);
            if (tree.isSlider(i)) {
                jointV = axes[i][0].times(qd[d]);
            } else {
                for (int k = 0; k < axes[i].length; k++) {
                    jointW = jointW.plus(axes[i][k].times(qd[d + k]));
                }
                jointV = jointW.cross(arm);
            }
            w[b] = w[p].plus(jointW);
            v[b] = v[p].plus(w[p].cross(com[b].position().minus(com[p].position()))).plus(jointV);
        }
    }

    /**
     * The velocity-product accelerations of every body (what its velocity would change by per second with every
     * joint's acceleration zero), linear then angular, flattened: body b at [6b, 6b + 6).
     */
    <L extends Link, J extends Joint<L>> double[] bias(Articulation<L, J> tree) {
        int bodies = tree.size() + 1;
        Vec3[] a = new Vec3[bodies];
        Vec3[] alpha = new Vec3[bodies];
        // The root's own columns are fixed in the world: no velocity-product terms of its own.
        a[0] = Vec3.ZERO;
        alpha[0] = Vec3.ZERO;
        for (int i = 0; i < tree.size(); i++) {
            int p = tree.parentOf(i) + 1;
            int b = i + 1;
            Vec3 fromParent = com[b].position().minus(com[p].position());
            Vec3 lin = a[p].plus(alpha[p].cross(fromParent)).plus(w[p].cross(v[b].minus(v[p])));
            Vec3 ang = alpha[p];
            Vec3 jointW = w[b].minus(w[p]);
            if (tree.isSlider(i)) {
                Vec3 slide = v[b].minus(v[p]).minus(w[p].cross(fromParent));
                lin = lin.plus(w[p].cross(slide));
            } else if (tree.dofCount(i) > 0) {
                Vec3 spin = w[p].cross(jointW);
                Vec3 originVelocity = v[p].plus(w[p].cross(origin[i].minus(com[p].position())));
                lin = lin.plus(spin.cross(com[b].position().minus(origin[i])))
                        .plus(jointW.cross(v[b].minus(originVelocity)));
                ang = ang.plus(spin);
            }
            a[b] = lin;
            alpha[b] = ang;
        }
        double[] out = new double[6 * bodies];
        for (int b = 0; b < bodies; b++) {
            put(out, 6 * b, a[b]);
            put(out, 6 * b + 3, alpha[b]);
        }
        return out;
    }

    /**
     * The joint-space momentum of the bodies' velocities {@code after} less {@code dt} times the velocity-product
     * accelerations {@code bias} (none when empty): per degree of freedom, the momentum of what moves with it
     * projected on it.
     */
    <L extends Link, J extends Joint<L>> double[] momentum(Articulation<L, J> tree, Vec3[][] after, double[] bias,
            double dt) {
        int n = tree.size();
        Vec3[] linear = new Vec3[n + 1];
        Vec3[] angular = new Vec3[n + 1];
        for (int b = tree.freeRoot() ? 0 : 1; b <= n; b++) {
            Vec3 lin = after[b][0];
            Vec3 ang = after[b][1];
            if (bias.length > 0) {
                lin = lin.minus(vec(bias, 6 * b).times(dt));
                ang = ang.minus(vec(bias, 6 * b + 3).times(dt));
            }
            Vec3 momentum = lin.times(mass[b]);
            linear[b] = momentum;
            angular[b] = com[b].position().cross(momentum).plus(times(b, ang));
        }
        // Sum each subtree's momentum (about the world origin), children before parents.
        for (int i = n - 1; i >= 0; i--) {
            int p = tree.parentOf(i);
            if (p >= 0) {
                linear[p + 1] = linear[p + 1].plus(linear[i + 1]);
                angular[p + 1] = angular[p + 1].plus(angular[i + 1]);
            }
        }
        double[] out = new double[tree.dofs()];
        if (tree.freeRoot()) {
            Vec3 total = linear[0];
            Vec3 spin = angular[0];
            for (int i = 0; i < n; i++) {
                if (tree.parentOf(i) < 0) {
                    total = total.plus(linear[i + 1]);
                    spin = spin.plus(angular[i + 1]);
                }
            }
            project(out, 0, -1, total, spin, tree);
        }
        for (int i = 0; i < n; i++) {
            project(out, tree.firstDof(i), i, linear[i + 1], angular[i + 1], tree);
        }
        return out;
    }

    /** The joint-space inertia H = Sᵀ M S. */
    <L extends Link, J extends Joint<L>> double[][] inertia(Articulation<L, J> tree) {
        int dofs = tree.dofs();
        int n = tree.size();
        double[][] h = new double[dofs][dofs];
        double[] column = new double[dofs];
        if (tree.freeRoot()) {
            for (int k = 0; k < 6; k++) {
                Vec3 total = Vec3.ZERO;
                Vec3 spin = Vec3.ZERO;
                for (int b = 0; b <= n; b++) {
                    Vec3[] unit = rootColumn(k, b);
                    Vec3 momentum = unit[0].times(mass[b]);
                    total = total.plus(momentum);
                    spin = spin.plus(com[b].position().cross(momentum)).plus(times(b, unit[1]));
                }
                project(column, 0, -1, total, spin, tree);
                for (int r = 0; r < 6; r++) {
                    h[r][k] = column[r];
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < tree.dofCount(i); k++) {
                int e = tree.firstDof(i) + k;
                Vec3 total = Vec3.ZERO;
                Vec3 spin = Vec3.ZERO;
                for (int j = i; j < tree.subtreeEnd(i); j++) {
                    int b = j + 1;
                    Vec3[] unit = jointColumn(tree, i, k, b);
                    Vec3 momentum = unit[0].times(mass[b]);
                    total = total.plus(momentum);
                    spin = spin.plus(com[b].position().cross(momentum)).plus(times(b, unit[1]));
                }
                // Every degree of freedom that moves this subtree: this joint's, its ancestors', the root's.
                for (int a = i; a >= 0; a = tree.parentOf(a)) {
                    project(column, tree.firstDof(a), a, total, spin, tree);
                    for (int r = tree.firstDof(a); r < tree.firstDof(a) + tree.dofCount(a); r++) {
                        h[r][e] = column[r];
                        h[e][r] = column[r];
                    }
                }
                if (tree.freeRoot()) {
                    project(column, 0, -1, total, spin, tree);
                    for (int r = 0; r < 6; r++) {
                        h[r][e] = column[r];
                        h[e][r] = column[r];
                    }
                }
            }
        }
        return h;
    }

    /** A root degree of freedom's motion of body b per unit: linear, angular. */
    private Vec3[] rootColumn(int k, int b) {
        if (k < 3) {
            return new Vec3[] {UNIT[k], Vec3.ZERO};
        }
        Vec3 e = UNIT[k - 3];
        return new Vec3[] {e.cross(com[b].position().minus(com[0].position())), e};
    }

    private <L extends Link, J extends Joint<L>> Vec3[] jointColumn(Articulation<L, J> tree, int joint, int k,
            int b) {
        Vec3 axis = axes[joint][k];
        if (tree.isSlider(joint)) {
            return new Vec3[] {axis, Vec3.ZERO};
        }
        return new Vec3[] {axis.cross(com[b].position().minus(origin[joint])), axis};
    }

    /**
     * Projects a momentum (linear, and angular about the world origin) on the degrees of freedom of joint
     * {@code joint} (the root's six for -1), writing them from {@code at}.
     */
    private <L extends Link, J extends Joint<L>> void project(double[] out, int at, int joint, Vec3 linear,
            Vec3 angular, Articulation<L, J> tree) {
        if (joint < 0) {
            Vec3 about = angular.minus(com[0].position().cross(linear));
            out[at] = linear.x();
            out[at + 1] = linear.y();
            out[at + 2] = linear.z();
            out[at + 3] = about.x();
            out[at + 4] = about.y();
            out[at + 5] = about.z();
            return;
        }
        if (tree.isSlider(joint)) {
            out[at] = axes[joint][0].dot(linear);
            return;
        }
        Vec3 about = angular.minus(origin[joint].cross(linear));
        for (int k = 0; k < axes[joint].length; k++) {
            out[at + k] = axes[joint][k].dot(about);
        }
    }

    /** The world inertia of body b times a vector: R·diag(I)·Rᵀ·x. */
    private Vec3 times(int b, Vec3 x) {
        Quat r = com[b].rotation();
        Vec3 local = r.conjugate().rotate(x);
        Vec3 i = inertia[b];
        return r.rotate(new Vec3(local.x() * i.x(), local.y() * i.y(), local.z() * i.z()));
    }

    private static void put(double[] out, int at, Vec3 x) {
        out[at] = x.x();
        out[at + 1] = x.y();
        out[at + 2] = x.z();
    }

    private static Vec3 vec(double[] in, int at) {
        return new Vec3(in[at], in[at + 1], in[at + 2]);
    }
}
