package io.orrery.runner.session;

import io.orrery.physics.ModelState;
import io.orrery.physics.UnknownModelException;
import io.orrery.plugin.PluginEvent;
import io.orrery.runner.port.ModelExistsException;
import io.orrery.runner.port.SavedWorld;
import io.orrery.world.JointSpec.JointType;
import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.StateSpec;
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
public final class EditLedger {

    /** A model spawned at runtime, with the snippet it came from when there was one. */
    private record Spawned(ModelSpec spec, Optional<String> snippet) {}

    /**
     * What undoing the edits changed in the model list.
     *
     * @param removed spawned models that are gone again
     * @param restored loaded models that are back
     */
    public record Undone(List<String> removed, List<String> restored) {}

    private final WorldSession session;
    private final Map<String, Spawned> spawned = new LinkedHashMap<>();
    private final Set<String> removedLoaded = new LinkedHashSet<>();

    EditLedger(WorldSession session) {
        this.session = session;
    }

    /** Adds {@code model}, refused with {@link ModelExistsException} when one of its name is there. */
    public ModelState spawn(ModelSpec model, Optional<String> snippet) {
        if (session.physics.model(model.name()).isPresent()) {
            throw new ModelExistsException(model.name());
        }
        session.physics.addModel(model);
        spawned.put(model.name(), new Spawned(model, snippet));
        session.devices.addSpawned(model, session.physics);
        session.startModelPlugins(model);
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.ModelAdded(model.name())));
        return session.physics.model(model.name()).orElseThrow();
    }

    /** The spec a model spawned since the load came from; empty for a loaded model or none. */
    public Optional<ModelSpec> spawnedSpec(String model) {
        return Optional.ofNullable(spawned.get(model)).map(Spawned::spec);
    }

    public void remove(String model) {
        if (session.physics.model(model).isEmpty()) {
            throw new UnknownModelException(model);
        }
        WorldSession.logPluginErrors(session.plugins.removeModelPlugins(model));
        session.physics.removeModel(model);
        session.components.removeModel(model);
        if (spawned.remove(model) == null) {
            removedLoaded.add(model);
            session.devices.removeLoaded(model); // its devices stay, idle until a reset brings it back
        } else {
            session.devices.removeSpawned(model);
        }
        WorldSession.logPluginErrors(session.plugins.broadcast(new PluginEvent.ModelRemoved(model)));
    }

    public ModelState teleport(String model, Pose pose) {
        session.physics.setModelPose(model, pose);
        return session.physics.model(model).orElseThrow();
    }

    public ModelState setStatic(String model, boolean isStatic) {
        session.physics.setStatic(model, isStatic);
        return session.physics.model(model).orElseThrow();
    }

    /**
     * The world as loaded and as it is now, for writing back to SDF: every model's pose and static flag, and for the
     * moving ones every link's pose and velocity and every joint's position (the world's {@code <state>}), which a
     * reload starts from.
     */
    public SavedWorld capture() {
        List<ModelSnapshot> models = new ArrayList<>();
        List<StateSpec.Model> states = new ArrayList<>();
        for (String name : session.physics.modelNames()) {
            ModelState m = session.physics.model(name).orElseThrow();
            Spawned s = spawned.get(name);
            boolean moving = !m.isStatic() && !m.links().isEmpty();
            // Every model is written where it is now, as a reader that ignores <state> expects; joints to the world
            // are anchored again from that pose on load (as Gazebo does)
            models.add(
                    s == null
                            ? ModelSnapshot.loaded(name, m.pose(), m.isStatic())
                            : new ModelSnapshot(name, m.pose(), m.isStatic(), Optional.of(s.spec()), s.snippet()));
            if (moving) {
                states.add(state(m));
            }
        }
        StateSpec state = new StateSpec(session.simTimeNanos(), session.iterations(), states);
        return new SavedWorld(
                session.spec,
                new WorldState(session.spec.guiCameraPose(), models, Optional.empty(), Optional.of(state)));
    }

    private static StateSpec.Model state(ModelState m) {
        List<StateSpec.Link> links = m.links().stream()
                .map(l -> new StateSpec.Link(
                        l.name(), l.pose(), l.velocity().linear(), l.velocity().angular()))
                .toList();
        // the joints with a position along an axis; fixed and ball joints have none
        List<StateSpec.Joint> joints = m.joints().stream()
                .filter(j -> j.type() != JointType.FIXED && j.type() != JointType.BALL)
                .map(j -> new StateSpec.Joint(
                        j.name(),
                        j.position(),
                        j.axis2() == null ? Double.NaN : j.axis2().position()))
                .toList();
        return new StateSpec.Model(m.name(), Optional.of(m.pose()), links, joints);
    }

    /**
     * The helpers' part of a reset: the plugins of spawned models end, the physics goes back to the loaded
     * bodies, poses and velocities, and removed models' plugins start again.
     */
    public Undone undo() {
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
