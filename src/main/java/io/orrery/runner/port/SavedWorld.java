package io.orrery.runner.port;

import io.orrery.world.WorldSpec;
import io.orrery.world.WorldState;

/**
 * A world to write back to SDF ({@link WorldEditing#captureForSave()}).
 *
 * @param loaded the world as loaded (its document is the base)
 * @param state its state now
 */
public record SavedWorld(WorldSpec loaded, WorldState state) {}
