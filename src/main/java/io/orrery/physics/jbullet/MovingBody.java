package io.orrery.physics.jbullet;

import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.linearmath.Transform;
import io.orrery.physics.rigid.Link;

/**
 * A link's JBullet body that tells its link when it moves, wakes or falls asleep, from inside JBullet's step: JBullet
 * moves every awake body with {@link #proceedToTransform} and changes activation only through the two setters. So a
 * read of the world after a step reads only the models that changed, without visiting the sleeping bodies.
 */
final class MovingBody extends UnclampedBody {

    private Link link;

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

    @Override
    public void proceedToTransform(Transform transform) {
        super.proceedToTransform(transform);
        changed();
    }

    @Override
    public void setActivationState(int state) {
        boolean wasSleeping = getActivationState() == ISLAND_SLEEPING;
        super.setActivationState(state);
        if (wasSleeping != (getActivationState() == ISLAND_SLEEPING)) {
            changed();
        }
    }

    @Override
    public void forceActivationState(int state) {
        boolean wasSleeping = getActivationState() == ISLAND_SLEEPING;
        super.forceActivationState(state);
        if (wasSleeping != (getActivationState() == ISLAND_SLEEPING)) {
            changed();
        }
    }

    private void changed() {
        if (link != null) {
            link.changed();
        }
    }
}
