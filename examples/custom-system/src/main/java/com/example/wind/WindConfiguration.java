package com.example.wind;

import io.orrery.world.Vec3;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Scope;
import org.springframework.core.annotation.Order;

/**
 * The jar's beans, found by Spring Boot through META-INF/spring/...AutoConfiguration.imports wherever the jar is on
 * the class path: on Orrery's loader.path, in the chart's extraJars, or in a project of your own.
 */
@AutoConfiguration
public class WindConfiguration {

    /** Before default-priority systems (0), after none of Orrery's PreUpdate ones: none come first. */
    @Bean
    @Order(-10)
    WindSystem wind(
            @Value("${wind.model:box}") String model,
            @Value("${wind.x:2}") double x,
            @Value("${wind.y:0}") double y,
            @Value("${wind.z:0}") double z,
            @Value("${wind.coefficient:0.5}") double coefficient) {
        return new WindSystem(model, new Vec3(x, y, z), coefficient);
    }

    /** Prototype: each {@code <plugin filename="example-gusts">} element gets its own. */
    @Bean
    @Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
    GustPlugin gustPlugin(WindSystem wind) {
        return new GustPlugin(wind);
    }
}
