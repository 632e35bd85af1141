package io.orrery.device;

import io.orrery.topic.TopicBus;
import io.orrery.world.WorldSpec;

/**
 * What devices are built with.
 *
 * @param world the loaded world (gravity, the models' links and collisions)
 * @param topics the world's topic bus
 * @param seed the run's noise seed ({@code orrery.seed})
 */
public record DeviceContext(WorldSpec world, TopicBus topics, long seed) {}
