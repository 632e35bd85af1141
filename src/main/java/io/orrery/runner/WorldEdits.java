package io.orrery.runner;

import io.orrery.physics.ModelState;
import io.orrery.physics.UnknownModelException;
import io.orrery.plugin.PluginEvent;
import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.WorldState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Changes made to a session's world since it was loaded, and the ledger that lets a reset undo them and a save
 * write them back: models spawned (with the snippet they came from) and loaded models removed. Runner thread.
 */
final class WorldEdits {

    /** A model spawned at runtime, with the snippet it came from when there was one. */
    private record Spawned(ModelSpec spec, Optional<String> snippet) {
    }

    /**
     * What undoing the edits changed in the model list.
     *
     * @param removed spawned models that are gone again
     * @param restored loaded models that are back
     */
    record Undone(List<String> removed, List<String> restored) {
    }

    private final WorldSession session;
    private final Map<String, Spawned> spawned = new LinkedHashMap<>();
    private final Set<String> removedLoaded = new LinkedHashSet<>();

    WorldEdits(WorldSession session) {
        this.session = session;
    }

    ModelState spawn(ModelSpec model, Optional<String> snippet) {
        session.physics.addModel(model);
        spawned.put(model.name(), new Spawned(model, snippet));
        session.devices.addSpawned(model, session.physics);
        session.startModelPlugins(model);
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.ModelAdded(model.name())));
        return session.physics.model(model.name()).orElseThrow();
    }

    void remove(String model) {
        if (session.physics.model(model).isEmpty()) {
            throw new UnknownModelException(model);
        }
        WorldSession.logPluginErrors(session.plugins.removeModelPlugins(model));
        session.physics.removeModel(model);
        if (spawned.remove(model) == null) {
            removedLoaded.add(model);
            session.devices.removeLoaded(model); // its devices stay, idle until a reset brings it back
        } else {
            session.devices.removeSpawned(model);
        }
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.ModelRemoved(model)));
    }

    ModelState teleport(String model, Pose pose) {
        session.physics.setModelPose(model, pose);
        return session.physics.model(model).orElseThrow();
    }

    ModelState setStatic(String model, boolean isStatic) {
        session.physics.setStatic(model, isStatic);
        return session.physics.model(model).orElseThrow();
    }

    /** The world as loaded and as it is now, for writing back to SDF. */
    SimulationRunner.SavedWorld capture() {
        List<ModelSnapshot> models = new ArrayList<>();
        for (String name : session.physics.modelNames()) {
            ModelState m = session.physics.model(name).orElseThrow();
            Spawned s = spawned.get(name);
            models.add(s == null ? ModelSnapshot.loaded(name, m.pose(), m.isStatic())
                    : new ModelSnapshot(name, m.pose(), m.isStatic(), Optional.of(s.spec()), s.snippet()));
        }
        return new SimulationRunner.SavedWorld(session.spec,
                new WorldState(session.spec.guiCameraPose(), models, Optional.empty()));
    }

    /**
     * The helpers' part of a reset: the plugins of spawned models end, the physics goes back to the loaded
     * bodies, poses and velocities, and removed models' plugins start again.
     */
    Undone undo() {
        for (String model : spawned.keySet()) {
            WorldSession.logPluginErrors(session.plugins.removeModelPlugins(model));
            session.devices.removeSpawned(model);
        }
        session.physics.reset();
        for (String model : removedLoaded) {
            session.spec.model(model).ifPresent(session::startModelPlugins);
        }
        Undone undone = new Undone(List.copyOf(spawned.keySet()), List.copyOf(removedLoaded));
        spawned.clear();
        removedLoaded.clear();
        return undone;
    }
}
