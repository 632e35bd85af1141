package com.example.scanned;

import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.Twist;
import io.orrery.system.PreUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.world.Vec3;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/** A component in the user's own package, found only through orrery.scan-packages: it sets the box moving. */
@Component
@Order(-5)
public class Breeze implements PreUpdate {

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        world.setModelVelocity("box", new Twist(new Vec3(0, 3, 0), Vec3.ZERO));
    }
}
