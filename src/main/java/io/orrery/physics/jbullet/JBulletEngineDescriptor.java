package io.orrery.physics.jbullet;

import com.google.auto.service.AutoService;
import io.orrery.physics.Articulation;
import io.orrery.physics.EngineDescriptor;
import io.orrery.physics.PhysicsEngine;

/** Declares {@link JBulletPhysicsEngine}: {@code jbullet}, pure Java. */
@AutoService(EngineDescriptor.class)
public final class JBulletEngineDescriptor implements EngineDescriptor {

    @Override
    public String name() {
        return JBulletPhysicsEngine.NAME;
    }

    @Override
    public PhysicsEngine create(Articulation articulation) {
        return new JBulletPhysicsEngine(articulation);
    }
}
