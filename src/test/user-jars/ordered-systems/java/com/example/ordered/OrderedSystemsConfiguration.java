package com.example.ordered;

import io.orrery.physics.Twist;
import io.orrery.system.PreUpdate;
import io.orrery.world.Vec3;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;

/**
 * Issue 27 as a user wrote it: two PreUpdate systems as lambdas from @Bean methods of this jar's auto-configuration,
 * the later one declared first. Each sets the box's velocity; the one that runs last decides it.
 */
@AutoConfiguration
public class OrderedSystemsConfiguration {

    @Bean
    @Order(100)
    PreUpdate late() {
        return (info, world) -> world.setModelVelocity("box", new Twist(new Vec3(2, 0, 0), Vec3.ZERO));
    }

    @Bean
    @Order(-100)
    PreUpdate early() {
        return (info, world) -> world.setModelVelocity("box", new Twist(new Vec3(1, 0, 0), Vec3.ZERO));
    }
}
