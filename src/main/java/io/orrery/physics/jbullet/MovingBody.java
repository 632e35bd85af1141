package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.linearmath.Transform;
import io.orrery.physics.rigid.Link;
import javax.vecmath.Vector3f;

/**
 * A link's JBullet body that tells its link when it moves, wakes or falls asleep, from inside JBullet's step: JBullet
 * moves every awake body with {@link #proceedToTransform} and changes activation only through the two setters. So a
 * read of the world after a step reads only the models that changed, without visiting the sleeping bodies. It also
 * keeps its world's {@link AwakeBodies} up to date (its activation, and a sleeping body touched), so that the step's
 * passes over bodies visit only those a pass can change.
 */
final class MovingBody extends UnclampedBody {

    private Link link;
    private AwakeBodies awake;
    private int seq = -1;

    MovingBody(RigidBodyConstructionInfo info) {
        super(info);
        checkCollideWith = true; // JBullet asks checkCollideWithOverride only with this set
    }

    /**
     * JBullet's own check (bodies joined by a constraint that disables their collision do not meet), and a model's
     * links meet each other only with {@code <self_collide>} ({@link Link#collidesWith}).
     */
    @Override
    public boolean checkCollideWithOverride(com.bulletphysics.collision.dispatch.CollisionObject other) {
        if (link != null && other.getUserPointer() instanceof Link o && !link.collidesWith(o)) {
            return false;
        }
        return super.checkCollideWithOverride(other);
    }

    void reportTo(Link link) {
        this.link = link;
    }

    /** Its place among the world's bodies ({@link AwakeBodies}), or none ({@code null}, -1) out of a world. */
    void joined(AwakeBodies bodies, int place) {
        this.awake = bodies;
        this.seq = place;
    }

    int seq() {
        return seq;
    }

    @Override
    public void proceedToTransform(Transform transform) {
        super.proceedToTransform(transform);
        changed();
    }

    @Override
    public void setActivationState(int state) {
        boolean wasSleeping = getActivationState() == ISLAND_SLEEPING;
        super.setActivationState(state);
        activationSet(wasSleeping);
    }

    @Override
    public void forceActivationState(int state) {
        boolean wasSleeping = getActivationState() == ISLAND_SLEEPING;
        super.forceActivationState(state);
        activationSet(wasSleeping);
    }

    private void activationSet(boolean wasSleeping) {
        if (wasSleeping != (getActivationState() == ISLAND_SLEEPING)) {
            changed();
            if (awake != null) {
                awake.update(this);
            }
        }
    }

    // A sleeping body's velocity or forces changed: JBullet zeroes them at the step's end, so the step visits it.

    @Override
    public void setLinearVelocity(Vector3f velocity) {
        super.setLinearVelocity(velocity);
        touched();
    }

    @Override
    public void setAngularVelocity(Vector3f velocity) {
        super.setAngularVelocity(velocity);
        touched();
    }

    @Override
    public void applyCentralForce(Vector3f force) {
        super.applyCentralForce(force);
        touched();
    }

    @Override
    public void applyTorque(Vector3f torque) {
        super.applyTorque(torque);
        touched();
    }

    @Override
    public void applyCentralImpulse(Vector3f impulse) {
        super.applyCentralImpulse(impulse);
        touched();
    }

    @Override
    public void applyTorqueImpulse(Vector3f torque) {
        super.applyTorqueImpulse(torque);
        touched();
    }

    @Override
    public void internalApplyImpulse(Vector3f linearComponent, Vector3f angularComponent, float impulseMagnitude) {
        super.internalApplyImpulse(linearComponent, angularComponent, impulseMagnitude);
        touched();
    }

    private void touched() {
        if (awake != null && getActivationState() == ISLAND_SLEEPING) {
            awake.touch(this);
        }
    }

    private void changed() {
        if (link != null) {
            link.changed();
        }
    }
}
