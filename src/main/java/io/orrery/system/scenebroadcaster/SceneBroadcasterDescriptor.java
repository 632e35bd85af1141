package io.orrery.system.scenebroadcaster;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.WorldSystem;
import io.orrery.topic.TopicBus;
import io.orrery.world.WorldSpec;
import java.util.List;

/**
 * Declares {@link SceneBroadcaster}: gz sim's clock, statistics and pose topics, added to every world whose name can
 * be part of a topic name, as gz sim's default server configuration does; so a world's own
 * {@code gz-sim-scene-broadcaster-system} element loads as nothing.
 */
@AutoService(SystemDescriptor.class)
public final class SceneBroadcasterDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return SceneBroadcaster.NAME;
    }

    @Override
    public Kind kind() {
        return Kind.EVERY_WORLD;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(SceneBroadcaster.NAME);
    }

    @Override
    public WorldSystem worldSystem() {
        return new WorldSystem() {
            @Override
            public String name() {
                return SceneBroadcaster.NAME;
            }

            @Override
            public Object create(WorldSpec world, TopicBus topics) {
                return new SceneBroadcaster(world.name(), topics);
            }
        };
    }
}
