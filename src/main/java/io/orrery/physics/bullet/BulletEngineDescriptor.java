package io.orrery.physics.bullet;

import com.google.auto.service.AutoService;
import io.orrery.physics.Articulation;
import io.orrery.physics.EngineDescriptor;
import io.orrery.physics.PhysicsEngine;

/** Declares {@link BulletPhysicsEngine}: {@code bullet}, native Bullet 3 through Libbulletjme. */
@AutoService(EngineDescriptor.class)
public final class BulletEngineDescriptor implements EngineDescriptor {

    @Override
    public String name() {
        return BulletPhysicsEngine.NAME;
    }

    @Override
    public PhysicsEngine create(Articulation articulation) {
        return new BulletPhysicsEngine(articulation);
    }
}
