package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraintType;
import io.orrery.physics.rigid.AxisPair;
import io.orrery.world.JointSpec;
import io.orrery.world.JointSpec.JointDynamics;
import io.orrery.world.JointSpec.JointLimits;
import io.orrery.world.Vec3;
import javax.vecmath.Vector3f;

/**
 * A universal or revolute2 joint's rotational rows, solved with the joint's point-to-point constraint and the
 * contacts in JBullet's iterations (JBullet 2.72 has no universal constraint, and its six-degree-of-freedom one
 * measures angles the other way round and softens its limits):
 * <ul>
 * <li>the lock: the angle between the first axis (carried by the parent) and the second (carried by the child)
 * stays what it was built at; the child's spin relative to the parent along their cross product is held to zero,
 * less a fifth of the angle's error per step (Baumgarte, ERP 0.2);</li>
 * <li>per axis, along the direction whose spin is that angle's rate alone ({@link AxisPair#rateDirection}): the
 * limits (one-sided rows that let the angle reach its limit within the step and no further, and push a fifth of a
 * violation back per step), viscous damping (implicit, as {@link JointDrive}) and Coulomb friction.</li>
 * </ul>
 * Each row accumulates its impulse and clamps the total, as a projected Gauss-Seidel solver does.
 */
final class AxisRows extends TypedConstraint {

    private static final double ERP = 0.2;

    private final JointConstraint joint;
    private final JointLimits[] limits;
    private final JointDynamics[] dynamics;
    /** The cosine of the angle between the axes the lock holds. */
    private final double cosine;

    /** This step's length, from {@link #prepare}. */
    private double dt = 1e-3;
    /** This step's directions (world), effective masses and targets. */
    private Vec3 lockAxis = Vec3.UNIT_Z;

    private double lockMass;
    private double lockTarget;
    private final Vec3[] rate = new Vec3[2];
    private final double[] mass = new double[2];
    private final double[] position = new double[2];
    /** The impulses applied this step: the lock's, and per axis its limits', damping's and friction's. */
    private double lockImpulse;

    private final double[] lowerImpulse = new double[2];
    private final double[] upperImpulse = new double[2];
    private final double[] dampingImpulse = new double[2];
    private final double[] frictionImpulse = new double[2];

    AxisRows(JointConstraint joint) {
        super(
                TypedConstraintType.CONETWIST_CONSTRAINT_TYPE,
                joint.constraint.getRigidBodyA(),
                joint.constraint.getRigidBodyB());
        this.joint = joint;
        JointSpec spec = joint.spec();
        JointSpec.SecondAxis second = spec.axis2().orElseThrow();
        this.limits = new JointLimits[] {spec.limits(), second.limits()};
        this.dynamics = new JointDynamics[] {spec.dynamics(), second.dynamics()};
        this.cosine = spec.axis().normalized().dot(second.xyz().normalized());
        rate[0] = Vec3.UNIT_Z;
        rate[1] = Vec3.UNIT_Z;
    }

    /** Sets the step's length; the rows are built from the bodies' state when the solver asks. */
    void prepare(double dt) {
        this.dt = dt;
        clear();
    }

    private void clear() {
        lockImpulse = 0;
        for (int i = 0; i < 2; i++) {
            lowerImpulse[i] = 0;
            upperImpulse[i] = 0;
            dampingImpulse[i] = 0;
            frictionImpulse[i] = 0;
        }
    }

    /** The damping and friction the rows applied along axis 0 or 1 in the last step of {@code dt} s, N·m. */
    double effort(int axis, double dt) {
        return (dampingImpulse[axis] + frictionImpulse[axis]) / dt;
    }

    @Override
    public void buildJacobian() {
        clear();
        appliedImpulse = 0;
        AxisPair axes = joint.axes();
        Vec3 a1 = axes.axis1();
        Vec3 a2 = axes.axis2();
        Vec3 cross = a1.cross(a2);
        double sine = cross.length();
        lockAxis = cross.times(1 / sine);
        lockMass = massAlong(lockAxis);
        // d(a1·a2)/dt = -sine·(ω_rel·n): the spin that takes a fifth of the error out in this step
        lockTarget = ERP * (a1.dot(a2) - cosine) / (sine * dt);
        position[0] = axes.position1();
        position[1] = axes.position2();
        for (int i = 0; i < 2; i++) {
            rate[i] = axes.rateDirection(i);
            mass[i] = massAlong(rate[i]);
        }
    }

    private double massAlong(Vec3 direction) {
        Vector3f n = Convert.vector(direction);
        double denominator =
                rbB.computeAngularImpulseDenominator(n) + (isStatic(rbA) ? 0 : rbA.computeAngularImpulseDenominator(n));
        return denominator > 0 ? 1 / denominator : 0;
    }

    @Override
    public void solveConstraint(float timeStep) {
        if (lockMass > 0) {
            double delta = lockMass * (lockTarget - spin().dot(lockAxis));
            apply(lockAxis, delta);
            lockImpulse += delta;
        }
        for (int i = 0; i < 2; i++) {
            if (mass[i] == 0) {
                continue;
            }
            solveAxis(i);
        }
    }

    private void solveAxis(int i) {
        JointDynamics d = dynamics[i];
        if (d.friction() > 0) {
            double bound = d.friction() * dt;
            double total = Math.max(-bound, Math.min(bound, frictionImpulse[i] - mass[i] * rate(i)));
            apply(rate[i], total - frictionImpulse[i]);
            frictionImpulse[i] = total;
        }
        if (d.damping() > 0) {
            // soft row: converges to v + compliance·impulse = 0, that is impulse = -damping·dt·v
            double compliance = 1 / (d.damping() * dt);
            double delta = -(rate(i) + compliance * dampingImpulse[i]) / (1 / mass[i] + compliance);
            apply(rate[i], delta);
            dampingImpulse[i] += delta;
        }
        JointLimits l = limits[i];
        if (l.isBounded()) {
            // the rate that reaches the limit in this step, or takes a fifth of a violation out
            double below = l.lower() - position[i];
            double lowest = below > 0 ? ERP * below / dt : below / dt;
            double total = Math.max(0, lowerImpulse[i] + mass[i] * (lowest - rate(i)));
            apply(rate[i], total - lowerImpulse[i]);
            lowerImpulse[i] = total;
            double above = position[i] - l.upper();
            double highest = above > 0 ? -ERP * above / dt : -above / dt;
            total = Math.min(0, upperImpulse[i] + mass[i] * (highest - rate(i)));
            apply(rate[i], total - upperImpulse[i]);
            upperImpulse[i] = total;
        }
    }

    /** The child's spin relative to the parent, now. */
    private Vec3 spin() {
        Vec3 child = Convert.vec3(rbB.getAngularVelocity(new Vector3f()));
        return isStatic(rbA) ? child : child.minus(Convert.vec3(rbA.getAngularVelocity(new Vector3f())));
    }

    /** Angle {@code i}'s rate now. */
    private double rate(int i) {
        return spin().dot(rate[i]);
    }

    /** Applies an angular impulse along {@code direction} to the child, and its reaction to the parent. */
    private void apply(Vec3 direction, double impulse) {
        if (impulse == 0) {
            return;
        }
        Vector3f j = Convert.vector(direction.times(impulse));
        rbB.applyTorqueImpulse(j);
        if (!isStatic(rbA)) {
            j.negate();
            rbA.applyTorqueImpulse(j);
        }
    }

    private static boolean isStatic(RigidBody body) {
        return body.isStaticOrKinematicObject();
    }
}
