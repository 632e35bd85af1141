package io.orrery.physics.rigid;

import io.orrery.world.JointSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * What acts along the joints of a projected model, finished in joint space after the projection: the velocity servo
 * (impulse up to effort·dt), Coulomb friction (up to friction·dt against the motion), viscous damping (implicit: the
 * impulse is −damping·dt times the speed at the end of the step) and the position limits (the speed that would carry
 * a joint past a limit in the next step is stopped). Each row acts on one coordinate through the joint-space inverse
 * mass (JᵀMJ)⁻¹ of the whole model, so a servo reaches its target exactly whatever hangs on it, as a servo on a
 * Featherstone articulation does. The engine's own rows for the same servo, friction and damping have already acted
 * in its step, with the contacts (a wheel's servo and its grip on the ground are solved together there); each row
 * here starts from the impulse the engine's row applied and is bounded in total, so the bound holds once. The rows
 * are bounded, so they are solved together by projected Gauss-Seidel, to convergence (they are few).
 */
final class DriveRows {

    private static final int MAX_SWEEPS = 200;

    private enum Kind {
        SERVO,
        FRICTION,
        DAMPING,
        LIMIT
    }

    private static final class Row {
        final Joint<?> joint;
        final Kind kind;
        final int dof;
        final double target;
        final double lower;
        final double upper;
        /** For damping: speed per unit impulse, 1/(b·dt); zero for a hard row. */
        final double compliance;

        double[] response;
        double impulse;

        Row(
                Joint<?> joint,
                Kind kind,
                int dof,
                double target,
                double lower,
                double upper,
                double compliance,
                double applied) {
            this.impulse = applied;
            this.joint = joint;
            this.kind = kind;
            this.dof = dof;
            this.target = target;
            this.lower = lower;
            this.upper = upper;
            this.compliance = compliance;
        }
    }

    private DriveRows() {}

    /**
     * Solves the rows of the joints' commands and dynamics on the projected speeds, and records each joint's effort.
     *
     * @param speeds the coordinates' speeds at the end of the step, which the rows change
     * @param positions each joint's position as the step began, in the order of {@code joints}
     */
    static <L extends Link, J extends Joint<L>> void solve(
            VelocityProjection<L, J> projection, double[] speeds, List<J> joints, List<Double> positions, double dt) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < joints.size(); i++) {
            J joint = joints.get(i);
            int dof = projection.dofOf(joint);
            if (dof < 0 || !joint.isArticulated()) {
                continue;
            }
            joint.setArticulatedEffort(0);
            JointSpec spec = joint.spec();
            // the engine's rows acted with the contacts in its step; their impulses are in the speeds already
            double[] applied = joint.driveImpulses();
            double friction = spec.dynamics().friction();
            if (friction > 0) {
                rows.add(new Row(joint, Kind.FRICTION, dof, 0, -friction * dt, friction * dt, 0, applied[1]));
            }
            double damping = spec.dynamics().damping();
            if (damping > 0) {
                rows.add(new Row(
                        joint,
                        Kind.DAMPING,
                        dof,
                        0,
                        Double.NEGATIVE_INFINITY,
                        Double.POSITIVE_INFINITY,
                        1 / (damping * dt),
                        applied[2]));
            }
            double speed = joint.commandedSpeed();
            if (!Double.isNaN(speed)) {
                double effort = spec.limits().effort();
                double bound = effort < 0 ? Double.POSITIVE_INFINITY : effort * dt;
                rows.add(new Row(joint, Kind.SERVO, dof, speed, -bound, bound, 0, applied[0]));
            }
            if (spec.type() != JointSpec.JointType.CONTINUOUS && spec.limits().isBounded()) {
                double q = positions.get(i);
                // u ≤ (upper − q)/dt: an impulse only downwards; u ≥ (lower − q)/dt: only upwards
                rows.add(new Row(
                        joint, Kind.LIMIT, dof, (spec.limits().upper() - q) / dt, Double.NEGATIVE_INFINITY, 0, 0, 0));
                rows.add(new Row(
                        joint, Kind.LIMIT, dof, (spec.limits().lower() - q) / dt, 0, Double.POSITIVE_INFINITY, 0, 0));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        for (Row row : rows) {
            row.response = projection.response(row.dof);
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double change = 0;
            double scale = 0;
            for (Row row : rows) {
                double speed = speeds[row.dof];
                double inverseMass = row.response[row.dof];
                if (row.kind == Kind.LIMIT && row.upper == 0 && speed <= row.target && row.impulse == 0) {
                    continue; // within the upper limit, not pushing
                }
                if (row.kind == Kind.LIMIT && row.lower == 0 && speed >= row.target && row.impulse == 0) {
                    continue; // within the lower limit
                }
                double delta = (row.target - speed - row.compliance * row.impulse) / (inverseMass + row.compliance);
                double next = Math.max(row.lower, Math.min(row.upper, row.impulse + delta));
                double step = next - row.impulse;
                if (step != 0) {
                    for (int k = 0; k < speeds.length; k++) {
                        speeds[k] += row.response[k] * step;
                    }
                    row.impulse = next;
                }
                change = Math.max(change, Math.abs(step));
                scale = Math.max(scale, Math.abs(next));
            }
            if (change <= 1e-13 * (1 + scale)) {
                break;
            }
        }
        for (Row row : rows) {
            if (row.kind != Kind.LIMIT) {
                ((Joint<?>) row.joint).setArticulatedEffort(effortOf(row.joint) + row.impulse / dt);
            }
        }
    }

    private static double effortOf(Joint<?> joint) {
        return joint.articulatedEffort();
    }
}
