package io.orrery.ops;

import io.orrery.control.TaskReader;
import io.orrery.control.WorldBatch;
import io.orrery.physics.PhysicsEngine;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The batched worlds, when {@code orrery.worlds.count} asks for some: the world file read once, its copies built
 * from it, the task read beside it. A bad task or a task naming what the world has not fails the start.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("${orrery.worlds.count:0} > 0")
class WorldsConfiguration {

    @Bean(destroyMethod = "close")
    WorldBatch worldBatch(OrreryProperties orrery, WorldsProperties worlds, SdfReader reader, PhysicsEngine engine) {
        Path world = orrery.worldFile();
        WorldSpec spec = reader.read(world);
        return new WorldBatch(
                spec,
                engine,
                TaskReader.read(worlds.taskFile(world)),
                worlds.count(),
                orrery.seed(),
                worlds.poolSize());
    }

    @Bean
    WorldsHealthIndicator worldsHealthIndicator(WorldBatch batch) {
        return new WorldsHealthIndicator(batch);
    }
}
