package io.orrery.world;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The state of a running world that a save writes back into its SDF document.
 *
 * @param guiCameraPose the GUI camera's pose in the world frame; empty keeps the document's
 * @param models every top-level model that exists now, in the order to write spawned ones; a model of the world
 *     file that is missing here was removed and is dropped
 * @param roads every road now; empty keeps the document's roads as they are
 * @param state the moving models' links and joints now, written as the world's {@code <state>}; empty keeps the
 *     document's
 */
public record WorldState(
        Optional<Pose> guiCameraPose,
        List<ModelSnapshot> models,
        Optional<List<RoadSpec>> roads,
        Optional<StateSpec> state) {

    public WorldState {
        Objects.requireNonNull(guiCameraPose, "guiCameraPose");
        Objects.requireNonNull(state, "state");
        models = List.copyOf(models);
        roads = roads.map(List::copyOf);
        Set<String> names = new HashSet<>();
        for (ModelSnapshot model : models) {
            if (!names.add(model.name())) {
                throw new IllegalArgumentException("duplicate model name '" + model.name() + "' in the world state");
            }
        }
    }

    /** A state with no {@code <state>} of its own: the document's is kept. */
    public WorldState(Optional<Pose> guiCameraPose, List<ModelSnapshot> models, Optional<List<RoadSpec>> roads) {
        this(guiCameraPose, models, roads, Optional.empty());
    }

    /** The world as loaded: every model at its loaded pose and static flag, camera and roads as they are. */
    public static WorldState unchanged(WorldSpec world) {
        List<ModelSnapshot> models = world.models().stream()
                .map(m -> ModelSnapshot.loaded(m.name(), m.pose(), m.isStatic()))
                .toList();
        return new WorldState(Optional.empty(), models, Optional.empty());
    }

    /** The snapshot of that model, if it exists now. */
    public Optional<ModelSnapshot> model(String name) {
        return models.stream().filter(m -> m.name().equals(name)).findFirst();
    }
}
