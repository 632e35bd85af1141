package io.orrery.builtin;

import io.orrery.system.WorldSystem;
import io.orrery.system.scenebroadcaster.SceneBroadcaster;
import io.orrery.topic.TopicBus;
import io.orrery.world.WorldSpec;
import java.util.List;

/** The systems Orrery adds to every world, as gz sim's default server configuration does. */
public final class BuiltinSystems {

    private BuiltinSystems() {}

    /** gz sim's clock, statistics and pose topics, for every world whose name can be part of a topic name. */
    public static final WorldSystem SCENE_BROADCASTER = new WorldSystem() {
        @Override
        public String name() {
            return SceneBroadcaster.NAME;
        }

        @Override
        public Object create(WorldSpec world, TopicBus topics) {
            return new SceneBroadcaster(world.name(), topics);
        }
    };

    /** Every system added to every world, in the order they are registered. */
    public static List<WorldSystem> forEveryWorld() {
        return List.of(SCENE_BROADCASTER);
    }
}
