package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraintType;
import io.orrery.world.Vec3;
import javax.vecmath.Vector3f;

/**
 * The solver rows that act along a joint's axis, solved with the joint's own constraint and the contacts in
 * JBullet's iterations: Coulomb friction (impulse bounded by friction·dt against the motion), viscous damping
 * (implicit: the impulse is -damping·dt times the velocity at the end of the step, so it is stable for any damping)
 * and the velocity servo (impulse bounded by effort·dt). Each row accumulates its impulse and clamps the total,
 * as a projected Gauss-Seidel solver does; JBullet's own hinge motor clamps each iteration's impulse instead, which
 * lets it exceed the bound by the iteration count, and reports nothing.
 */
final class JointDrive extends TypedConstraint {

    private final JointConstraint joint;

    /** This step's settings, from {@link #prepare}. */
    private double frictionBound;

    private double dampingCompliance = Double.POSITIVE_INFINITY;
    private double servoTarget = Double.NaN;
    private double servoBound;

    /** This step's axis (world) and effective mass (kg·m² or kg) along it. */
    private Vec3 axis = Vec3.UNIT_Z;

    private double effectiveMass;

    /** The impulses applied this step. */
    private double frictionImpulse;

    private double dampingImpulse;
    private double servoImpulse;

    JointDrive(JointConstraint joint) {
        super(
                joint.isPrismatic()
                        ? TypedConstraintType.SLIDER_CONSTRAINT_TYPE
                        : TypedConstraintType.HINGE_CONSTRAINT_TYPE,
                joint.constraint.getRigidBodyA(),
                joint.constraint.getRigidBodyB());
        this.joint = joint;
    }

    /** Sets the rows for the next step of {@code dt} seconds from the joint's dynamics and commands. */
    void prepare(double dt) {
        frictionBound = joint.spec().dynamics().friction() * dt;
        double damping = joint.spec().dynamics().damping();
        dampingCompliance = damping > 0 ? 1 / (damping * dt) : Double.POSITIVE_INFINITY;
        servoTarget = joint.commandedSpeed();
        double effort = joint.spec().limits().effort();
        servoBound = effort < 0 ? Double.POSITIVE_INFINITY : effort * dt;
        // A sleeping island is not solved: the impulses stay zero then.
        frictionImpulse = 0;
        dampingImpulse = 0;
        servoImpulse = 0;
    }

    /** The servo's, friction's and damping's impulses in the last step, along the axis on the child. */
    double[] impulses() {
        return new double[] {servoImpulse, frictionImpulse, dampingImpulse};
    }

    /** True when some row will act in the next step. */
    boolean isActive() {
        return frictionBound > 0 || Double.isFinite(dampingCompliance) || !Double.isNaN(servoTarget);
    }

    /** The effort the velocity servo alone applied in the last step of {@code dt} seconds. */
    double servoEffort(double dt) {
        return servoImpulse / dt;
    }

    /** The effort the rows applied in the last step of {@code dt} seconds. */
    double effort(double dt) {
        return (frictionImpulse + dampingImpulse + servoImpulse) / dt;
    }

    @Override
    public void buildJacobian() {
        frictionImpulse = 0;
        dampingImpulse = 0;
        servoImpulse = 0;
        appliedImpulse = 0;
        axis = joint.axis();
        Vector3f n = Convert.vector(axis);
        double denominator;
        if (joint.isPrismatic()) {
            // The force acts along the axis through the child's centre of mass, its reaction on the parent there.
            denominator = rbB.getInvMass()
                    + (isStatic(rbA)
                            ? 0
                            : rbA.computeImpulseDenominator(rbB.getCenterOfMassPosition(new Vector3f()), n));
        } else {
            denominator = rbB.computeAngularImpulseDenominator(n)
                    + (isStatic(rbA) ? 0 : rbA.computeAngularImpulseDenominator(n));
        }
        effectiveMass = denominator > 0 ? 1 / denominator : 0;
    }

    @Override
    public void solveConstraint(float timeStep) {
        if (effectiveMass == 0) {
            return;
        }
        if (frictionBound > 0) {
            double total = clamp(frictionImpulse - effectiveMass * joint.velocity(), frictionBound);
            apply(total - frictionImpulse);
            frictionImpulse = total;
        }
        if (Double.isFinite(dampingCompliance)) {
            // Soft row: converges to v + compliance·impulse = 0, that is impulse = -damping·dt·v.
            double delta =
                    -(joint.velocity() + dampingCompliance * dampingImpulse) / (1 / effectiveMass + dampingCompliance);
            apply(delta);
            dampingImpulse += delta;
        }
        if (!Double.isNaN(servoTarget)) {
            double total = clamp(servoImpulse + effectiveMass * (servoTarget - joint.velocity()), servoBound);
            apply(total - servoImpulse);
            servoImpulse = total;
        }
        appliedImpulse = (float) (frictionImpulse + dampingImpulse + servoImpulse);
    }

    /** Applies an impulse along the axis to the child, and its reaction to the parent. */
    private void apply(double impulse) {
        if (impulse == 0) {
            return;
        }
        Vector3f j = Convert.vector(axis.times(impulse));
        Vector3f reaction = new Vector3f();
        reaction.negate(j);
        if (joint.isPrismatic()) {
            Vector3f at = rbB.getCenterOfMassPosition(new Vector3f());
            rbB.applyCentralImpulse(j);
            if (!isStatic(rbA)) {
                at.sub(rbA.getCenterOfMassPosition(new Vector3f()));
                rbA.applyImpulse(reaction, at);
            }
        } else {
            rbB.applyTorqueImpulse(j);
            if (!isStatic(rbA)) {
                rbA.applyTorqueImpulse(reaction);
            }
        }
    }

    private static boolean isStatic(RigidBody body) {
        return body.isStaticOrKinematicObject();
    }

    private static double clamp(double value, double bound) {
        return Math.max(-bound, Math.min(bound, value));
    }
}
