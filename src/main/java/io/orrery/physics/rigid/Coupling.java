package io.orrery.physics.rigid;

import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;

/**
 * The constraint rows that tie two motions together, which neither engine's constraints can express: a screw's
 * advance to its turn (d = pitch·θ/2π, SDF's screw_thread_pitch in m/rev, right-handed positive) with the limits of
 * its turn, and a gearbox's two angles (θ2 = -ratio·θ1). They act between the engine's steps, on the bodies'
 * velocities, in the same way on both engines:
 * <ol>
 * <li>before a step, the impulse the coupling row needed in the last step is applied again as a force for this one
 * (the warm start of a projected Gauss-Seidel solver), so that the engine's own constraints and contacts see the
 * load the row carries and the bodies move together during the step;</li>
 * <li>after the step, the rows' velocity errors are taken out by impulses on their bodies, sized by the bodies'
 * effective masses along the rows and solved together (Gauss-Seidel, the limits one-sided): the coupling's rate is
 * set to take a fifth of its position error out in the next step (Baumgarte, ERP 0.2, Bullet's default), a limit's
 * to reach the limit at the end of the next step and not pass it (or take a fifth of a violation out). What the
 * coupling's impulse had to correct is added to the next step's force.</li>
 * </ol>
 * The velocity servos of the joints that act on the rows' bodies (a geared axle's motor, the screw's own) are solved
 * with them after the step, with what is left of their effort: a servo the engine solved without the coupling
 * would otherwise undo the correction every step, and the two would feed each other. Other stiff constraints on a
 * coupled body (its joints' limits, contacts) are kept by the engine within the step only, so a coupling pushing
 * against them is corrected after the step regardless.
 *
 * <p>Inside a step the rows are not solved with the engine's constraints: under a steady load the warm start
 * carries the coupling, and what changes within a step is corrected at its end.
 */
final class Coupling {

    /** Bullet's default error reduction: the share of a position error taken out per step. */
    static final double ERP = 0.2;
    /** Position errors below this (m or rad) are left alone, so that resting bodies can fall asleep. */
    static final double SLOP = 1e-6;
    /** Gauss-Seidel sweeps over the rows after a step: they share their two bodies and converge in a few. */
    private static final int ITERATIONS = 8;

    private final Joint<?> joint;
    private final boolean screw;
    /** A screw's advance per radian (m/rad), or a gearbox's ratio. */
    private final double factor;

    private final AxisPair pair;
    /** A screw's limits on its turn, else none. */
    private final JointLimits limits;
    /** The actuated joints whose servos act on the rows' bodies. */
    private final List<Joint<?>> drives = new ArrayList<>();
    /** Each row's impulse to apply as a force in the next step: the coupling's, a screw's lower and upper limit's. */
    private double warm;

    private double warmLower;
    private double warmUpper;
    /** Each row's rate set at the end of the last step (its position correction, or a limit's approach). */
    private double target;

    private double targetLower = Double.NEGATIVE_INFINITY;
    private double targetUpper = Double.POSITIVE_INFINITY;

    private Coupling(Joint<?> joint, AxisPair pair) {
        this.joint = joint;
        this.screw = joint.spec().type() == JointType.SCREW;
        this.factor = screw
                ? joint.spec().screwThreadPitch() / (2 * Math.PI)
                : joint.spec().gearboxRatio();
        this.pair = pair;
        this.limits = screw ? joint.spec().limits() : JointLimits.NONE;
    }

    /** The coupling a screw or gearbox joint needs, else null. */
    static Coupling of(Joint<?> joint, AxisPair pair) {
        JointType type = joint.spec().type();
        return type == JointType.SCREW || type == JointType.GEARBOX ? new Coupling(joint, pair) : null;
    }

    /** Keeps the joints among {@code joints} whose velocity servos act on a body of the rows. */
    void meet(List<? extends Joint<?>> joints) {
        drives.clear();
        for (Joint<?> j : joints) {
            if (j.isActuated() && (touches(j.child()) || j.parent() != null && touches(j.parent()))) {
                drives.add(j);
            }
        }
    }

    private boolean touches(Link link) {
        return link == joint.child() || link == joint.parent() || pair != null && link == pair.reference();
    }

    /** The row's position error: m for a screw (advance less lead times turn), rad for a gearbox (θ2 + r·θ1). */
    double error() {
        if (screw) {
            return joint.slide() - factor * joint.currentPosition();
        }
        return pair.position2() + factor * pair.position1();
    }

    /** Applies the last step's impulses as forces over the coming step of {@code dt} s. */
    void beforeStep(double dt) {
        if (warm != 0) {
            push(coupling(), warm / dt);
        }
        if (warmLower + warmUpper != 0) {
            push(turn(), (warmLower + warmUpper) / dt);
        }
    }

    private static void push(Row row, double force) {
        if (row.asleep()) {
            return;
        }
        for (Entry e : row.entries) {
            // the angular part already holds the linear part's moment about the centre of mass
            e.link.applyCentralForce(e.linear.times(force));
            e.link.applyTorque(e.angular.times(force));
            e.link.activate();
        }
    }

    /**
     * Takes the rows' velocity errors out after a step of {@code dt} s and sets their position corrections, in two
     * passes: the first holds the rates set after the last step, so what its impulses add to the forces already
     * applied is the load the rows carry (the next step's forces); the second moves the rates to the new
     * corrections, and is not carried over.
     */
    void afterStep(double dt) {
        Row coupling = coupling();
        if (coupling.mass == 0) {
            return;
        }
        double error = error();
        double next = Math.abs(error) > SLOP ? -ERP * error / dt : 0;
        Row turn = null;
        double nextLower = 0;
        double nextUpper = 0;
        if (screw && limits.isBounded()) {
            double theta = joint.currentPosition();
            turn = turn();
            nextLower = reach(limits.lower() - theta, dt);
            nextUpper = -reach(theta - limits.upper(), dt);
        }
        if (coupling.asleep() && next == 0 && (turn == null || nextLower <= 0 && nextUpper >= 0)) {
            target = 0;
            return; // nothing moved and nothing to correct: the engine's sleeping bodies stay asleep
        }
        List<Row> servos = new ArrayList<>(drives.size());
        List<Joint<?>> driven = new ArrayList<>(drives.size());
        for (Joint<?> d : drives) {
            if (!Double.isNaN(d.velocityCommand())) {
                Row servo = servo(d);
                servo.lowest = d.commandedSpeed();
                servo.bound = d.servoBudget(dt);
                servos.add(servo);
                driven.add(d);
            }
        }
        coupling.impulse = warm;
        coupling.lowest = target;
        if (turn != null) {
            turn.impulse = warmLower;
            turn.upperImpulse = warmUpper;
            turn.lowest = targetLower;
            turn.highest = targetUpper;
        }
        solve(coupling, turn, servos);
        warm = coupling.impulse;
        if (turn != null) {
            warmLower = turn.impulse;
            warmUpper = turn.upperImpulse;
        }
        coupling.lowest = next;
        target = next;
        if (turn != null) {
            turn.lowest = nextLower;
            turn.highest = nextUpper;
            targetLower = nextLower;
            targetUpper = nextUpper;
        }
        solve(coupling, turn, servos);
        for (int i = 0; i < servos.size(); i++) {
            driven.get(i).correctedBy(servos.get(i).impulse);
        }
    }

    private static void solve(Row coupling, Row turn, List<Row> servos) {
        for (int i = 0; i < ITERATIONS; i++) {
            coupling.solveTwoSided();
            if (turn == null && servos.isEmpty()) {
                return; // one row alone is solved in one sweep
            }
            if (turn != null) {
                turn.solveLower();
                turn.solveUpper();
            }
            for (Row servo : servos) {
                servo.solveBounded();
            }
        }
    }

    /** A drive's velocity row: as {@link Joint#velocity()} measures it. */
    private static Row servo(Joint<?> drive) {
        Vec3 n = drive.axis();
        Row row = new Row();
        if (drive.isPrismatic()) {
            Vec3 at = drive.child().comPose().position();
            row.add(drive.child(), n, Vec3.ZERO, at);
            row.add(drive.parent(), n.times(-1), Vec3.ZERO, at);
        } else {
            row.add(drive.child(), Vec3.ZERO, n, null);
            row.add(drive.parent(), Vec3.ZERO, n.times(-1), null);
        }
        row.done();
        return row;
    }

    /**
     * The least rate towards a limit {@code gap} away (negative: passed by that much) that keeps to it at the end of
     * the next step, or takes a fifth of a violation out.
     */
    private static double reach(double gap, double dt) {
        return gap > 0 ? ERP * gap / dt : gap / dt;
    }

    /** The coupling row's Jacobian at the bodies' poses now, one entry per dynamic body. */
    private Row coupling() {
        Row row = new Row();
        if (screw) {
            // d' - k·θ': the child's velocity along the axis at the joint point, less k times its spin about it
            Vec3 n = joint.axis();
            Vec3 at = joint.childFrame().position();
            row.add(joint.child(), n, n.times(-factor), at);
            row.add(joint.parent(), n.times(-1), n.times(factor), at);
        } else {
            // θ2' + r·θ1' = (ω_c - ω_ref)·a2 + r·(ω_p - ω_ref)·a1
            Vec3 a1 = pair.axis1().times(factor);
            Vec3 a2 = pair.axis2();
            row.add(joint.child(), Vec3.ZERO, a2, null);
            row.add(joint.parent(), Vec3.ZERO, a1, null);
            row.add(pair.reference(), Vec3.ZERO, a1.plus(a2).times(-1), null);
        }
        row.done();
        return row;
    }

    /** A screw's turn rate θ' = (ω_c - ω_p)·n. */
    private Row turn() {
        Vec3 n = joint.axis();
        Row row = new Row();
        row.add(joint.child(), Vec3.ZERO, n, null);
        row.add(joint.parent(), Vec3.ZERO, n.times(-1), null);
        row.done();
        return row;
    }

    /** One row: its Jacobian per dynamic body, effective mass, the rate range it keeps to, its impulse so far. */
    private static final class Row {
        final List<Entry> entries = new ArrayList<>(3);
        double mass;
        /** The rate it keeps at or above (a lower limit, or the coupling's target). */
        double lowest;
        /** The rate it keeps at or below (an upper limit, or the coupling's target). */
        double highest;
        /** The total impulse of a two-sided row or a lower limit (at least 0), and of an upper limit (at most 0). */
        double impulse;

        double upperImpulse;
        /** A servo's bound on its total impulse, either way. */
        double bound;

        void add(Link link, Vec3 linear, Vec3 angular, Vec3 at) {
            if (link == null || !link.isDynamic()) {
                return;
            }
            Vec3 offset = at == null ? Vec3.ZERO : at.minus(link.comPose().position());
            // a linear part acting at a point also turns the body: its moment about the centre of mass
            entries.add(new Entry(link, linear, angular.plus(offset.cross(linear))));
        }

        void done() {
            double inverse = 0;
            for (Entry e : entries) {
                inverse += e.inverseMass();
            }
            mass = inverse > 0 ? 1 / inverse : 0;
        }

        boolean asleep() {
            for (Entry e : entries) {
                if (!e.link.isSleeping()) {
                    return false;
                }
            }
            return true;
        }

        double rate() {
            double rate = 0;
            for (Entry e : entries) {
                rate += e.rate();
            }
            return rate;
        }

        /** One sweep of a two-sided row: to its target, {@code lowest}, exactly. */
        void solveTwoSided() {
            if (mass == 0) {
                return;
            }
            double delta = mass * (lowest - rate());
            apply(delta);
            impulse += delta;
        }

        /** One sweep of a servo: to its target, {@code lowest}, its total impulse within ±{@code bound}. */
        void solveBounded() {
            if (mass == 0) {
                return;
            }
            double total = Math.max(-bound, Math.min(bound, impulse + mass * (lowest - rate())));
            apply(total - impulse);
            impulse = total;
        }

        /** One sweep of a lower limit: push up only, to keep at or above {@code lowest}. */
        void solveLower() {
            if (mass == 0) {
                return;
            }
            double total = Math.max(0, impulse + mass * (lowest - rate()));
            apply(total - impulse);
            impulse = total;
        }

        /** One sweep of the upper limit: push down only, to keep at or below {@code highest}. */
        void solveUpper() {
            if (mass == 0) {
                return;
            }
            double total = Math.min(0, upperImpulse + mass * (highest - rate()));
            apply(total - upperImpulse);
            upperImpulse = total;
        }

        void apply(double impulse) {
            for (Entry e : entries) {
                e.apply(impulse);
            }
        }
    }

    /** One body's part of a row: linear (at the centre of mass) and angular. */
    private record Entry(Link link, Vec3 linear, Vec3 angular) {

        double rate() {
            return linear.dot(link.linearVelocity()) + angular.dot(link.angularVelocity());
        }

        double inverseMass() {
            double m = link.mass();
            return (m > 0 ? linear.dot(linear) / m : 0) + angular.dot(inverseInertia(angular));
        }

        void apply(double impulse) {
            if (impulse == 0) {
                return;
            }
            double m = link.mass();
            Vec3 v = m > 0 ? link.linearVelocity().plus(linear.times(impulse / m)) : link.linearVelocity();
            Vec3 w = link.angularVelocity().plus(inverseInertia(angular.times(impulse)));
            link.setVelocity(v, w);
            link.activate();
        }

        /** The world inverse inertia times {@code v}: turned into the principal frame and back. */
        Vec3 inverseInertia(Vec3 v) {
            Quat q = link.comPose().rotation();
            Vec3 b = q.conjugate().rotate(v);
            Vec3 i = link.principalInertia();
            return q.rotate(new Vec3(inverse(i.x()) * b.x(), inverse(i.y()) * b.y(), inverse(i.z()) * b.z()));
        }

        private static double inverse(double moment) {
            return moment > 0 ? 1 / moment : 0;
        }
    }
}
