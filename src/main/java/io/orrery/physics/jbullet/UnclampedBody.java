package io.orrery.physics.jbullet;

import com.bulletphysics.BulletGlobals;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.linearmath.Transform;
import com.bulletphysics.linearmath.TransformUtil;
import javax.vecmath.Quat4f;
import javax.vecmath.Vector3f;

/**
 * A JBullet body without Bullet's hidden rotation clamps: Bullet caps a body's angular velocity at π/2 per step when
 * it integrates forces and its rotation at π/4 per step when it integrates the pose, so at a 1 ms step nothing spun
 * faster than 785 rad/s whatever its joint allowed. Gazebo has no such cap: a joint spins up to its own
 * {@code <velocity>} limit. The integration is otherwise Bullet's (semi-implicit Euler, exponential map), and below
 * the caps it is Bullet's own code. Not final: {@link MovingBody} adds the motion reports.
 */
class UnclampedBody extends RigidBody {

    /** Bullet's cap on a body's angular velocity, rad per step (RigidBody.integrateVelocities' MAX_ANGVEL). */
    private static final float VELOCITY_CAP = BulletGlobals.SIMD_HALF_PI;

    UnclampedBody(RigidBodyConstructionInfo info) {
        super(info);
    }

    /**
     * Bullet's; when its clamp bit, again with the angular velocity kept out of it: only this step's change goes
     * through it. Below the cap the result is Bullet's to the bit.
     */
    @Override
    public void integrateVelocities(float step) {
        if (isStaticOrKinematicObject()) {
            return;
        }
        Vector3f linear = getLinearVelocity(new Vector3f());
        Vector3f angular = getAngularVelocity(new Vector3f());
        super.integrateVelocities(step);
        if (getAngularVelocity(new Vector3f()).length() * step < VELOCITY_CAP * 0.999f) {
            return;
        }
        setLinearVelocity(linear);
        setAngularVelocity(new Vector3f());
        super.integrateVelocities(step);
        Vector3f change = getAngularVelocity(new Vector3f());
        change.add(angular);
        setAngularVelocity(change);
    }

    /** Bullet's TransformUtil.integrateTransform, without its π/4 cap on the step's rotation past it. */
    @Override
    public void predictIntegratedTransform(float step, Transform predicted) {
        if (getAngularVelocity(new Vector3f()).length() * step <= TransformUtil.ANGULAR_MOTION_THRESHOLD) {
            super.predictIntegratedTransform(step, predicted);
            return;
        }
        Transform current = getWorldTransform(new Transform());
        Vector3f linear = getLinearVelocity(new Vector3f());
        Vector3f angular = getAngularVelocity(new Vector3f());
        predicted.origin.scaleAdd(step, linear, current.origin);
        float angle = angular.length();
        Vector3f axis = new Vector3f();
        if (angle < 0.001f) {
            // Taylor expansion of sin(x/2)/x, as Bullet: exact to float there
            axis.scale(0.5f * step - (step * step * step) * 0.020833334f * angle * angle, angular);
        } else {
            axis.scale((float) Math.sin(0.5 * angle * step) / angle, angular);
        }
        Quat4f turn = new Quat4f(axis.x, axis.y, axis.z, (float) Math.cos(0.5 * angle * step));
        Quat4f orientation = current.getRotation(new Quat4f());
        turn.mul(orientation);
        turn.normalize();
        predicted.setRotation(turn);
    }
}
